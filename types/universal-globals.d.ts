/**
 * Globals that every runtime of shared/ has (browsers, Node, Electron) but that TypeScript puts
 * in the DOM or Node libraries. Only tsconfig.shared.json includes this file, so shared/ can use
 * them without seeing the rest of the DOM or Node.
 */
declare class URL {
  constructor(url: string, base?: string);
  static canParse(url: string, base?: string): boolean;
  readonly protocol: string;
  readonly host: string;
  readonly pathname: string;
}
