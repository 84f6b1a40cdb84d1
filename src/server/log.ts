// The server's log: one line per event on stdout/stderr, so a process manager or container runtime
// can collect it. Tests pass their own Logger to keep the output quiet and to read what was said.
export interface Logger {
  info(line: string): void;
  error(line: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line, error) => (error === undefined ? console.error(line) : console.error(line, error)),
};
