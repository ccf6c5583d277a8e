/**
 * Server-sent events read with fetch (EventSource cannot send an Authorization header): the
 * response body split into events of `event:` and `data:` lines. The editor's replica reads its
 * server's stream with it, and a laptop's server its hub's. The stream, the signal and the text
 * decoder are the platform's (the browser's or Node's, the same API), named here by what is used.
 */
type ServerEvent = { type: string; data: string };

type ByteReader = {
  read(): Promise<{ value?: Uint8Array | undefined; done: boolean }>;
  releaseLock(): void;
};
type ByteStream = { getReader(): ByteReader };
type Decoder = { decode(bytes?: Uint8Array, options?: { stream?: boolean }): string };

const decoder = (): Decoder =>
  new (globalThis as unknown as { TextDecoder: new () => Decoder }).TextDecoder();

export async function* readEvents(
  body: ByteStream,
  signal: { readonly aborted: boolean },
): AsyncGenerator<ServerEvent> {
  const reader = body.getReader();
  const text = decoder();
  let buffer = '';
  try {
    while (!signal.aborted) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += text.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let type = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) type = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length > 0) yield { type, data: data.join('\n') };
      }
    }
  } finally {
    reader.releaseLock();
  }
}
