/** A minimal logger interface, so tests can silence or capture what the server prints. */
export type Logger = {
  info(...parts: unknown[]): void;
  warn(...parts: unknown[]): void;
  error(...parts: unknown[]): void;
};

export const consoleLogger: Logger = {
  info: (...parts) => console.log(...parts),
  warn: (...parts) => console.warn(...parts),
  error: (...parts) => console.error(...parts),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
