/**
 * Runs every scenario against one site: first those that read the whole site's lists, one at a
 * time on one Marquee (both sides then hold the same records), then the others side by side
 * (the site has four PHP workers), each on a fresh Marquee of its own.
 */
import { startMarquee } from './marquee.ts';
import { newPairing, play, type Difference, type StepAnswers } from './play.ts';
import type { Scenario } from './scenario.ts';
import type { Target } from './targets.ts';

export type ScenarioResult = {
  scenario: Scenario;
  differences: Difference[];
  answers: StepAnswers[];
  /** Set when the scenario could not be played to its end (a step named no record). */
  error?: string;
};

/** How many scenarios run at once: the site's PHP workers. */
const SIDE_BY_SIDE = 4;

async function playOn(
  pairing: ReturnType<typeof newPairing>,
  scenario: Scenario,
): Promise<ScenarioResult> {
  try {
    return { scenario, ...(await play(pairing, scenario)) };
  } catch (error) {
    return { scenario, differences: [], answers: [], error: String(error) };
  }
}

export async function runScenarios(
  site: Target,
  scenarios: readonly Scenario[],
  onResult: (result: ScenarioResult) => void = () => {},
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const alone = scenarios.filter((scenario) => scenario.alone);
  if (alone.length > 0) {
    const marquee = await startMarquee(site.url);
    try {
      const pairing = newPairing(site, marquee);
      for (const scenario of alone) {
        const result = await playOn(pairing, scenario);
        results.push(result);
        onResult(result);
      }
    } finally {
      await marquee.close();
    }
  }
  const queue = scenarios.filter((scenario) => !scenario.alone);
  const worker = async () => {
    for (let scenario = queue.shift(); scenario; scenario = queue.shift()) {
      const marquee = await startMarquee(site.url);
      try {
        const result = await playOn(newPairing(site, marquee), scenario);
        results.push(result);
        onResult(result);
      } finally {
        await marquee.close();
      }
    }
  };
  await Promise.all(Array.from({ length: SIDE_BY_SIDE }, worker));
  return results;
}
