/**
 * The comparison's report: differences grouped by where they are (array positions folded), each
 * group with how often it came and its first examples, deliberate ones apart with their reason.
 */
import type { Difference } from './play.ts';

const folded = (where: string) => where.replace(/\[\d+\]/g, '[]');

const show = (value: unknown) => {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

/** One line per difference class, then up to `examples` examples of it. */
export function groupedReport(differences: readonly Difference[], examples = 2): string[] {
  const groups = new Map<string, Difference[]>();
  for (const difference of differences) {
    const key = folded(difference.where);
    groups.set(key, [...(groups.get(key) ?? []), difference]);
  }
  const lines: string[] = [];
  for (const [where, group] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push(`${where}  (${group.length})`);
    for (const difference of group.slice(0, examples)) {
      lines.push(`    ${difference.scenario} › ${difference.step}: ${difference.request}`);
      lines.push(`      site:    ${show(difference.site)}`);
      lines.push(`      marquee: ${show(difference.marquee)}`);
    }
  }
  return lines;
}
