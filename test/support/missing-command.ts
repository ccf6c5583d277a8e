/** The error a test gives when a command it drives is not installed: what to install, at once. */
export function missing(command: string, error: Error): Error {
  const name = command.split('/').pop() ?? command;
  return new Error(
    `${command} did not start (${error.message}): install it with \`sudo apt-get install -y ${name}\` (.ci/run does).`,
  );
}
