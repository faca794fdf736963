/** One server-sent event of the emulator's streams: its name (`audit`, `delivery`, ...) and its JSON data. */
export interface StreamEvent {
  name: string;
  data: unknown;
}

/**
 * The events of a server-sent event stream as they come, until it ends (the emulator stopped, or the
 * connection broke) or `until` resolves. Only the reading is guarded: an error in handling what came
 * is a bug, and is not taken for the end of the stream.
 */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
  until?: Promise<unknown>,
): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const cancel = () => reader.cancel().catch(() => {});
  void until?.then(cancel);
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = lines.find((line) => line.startsWith('data: '));
        const name = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
        if (data) yield { name, data: JSON.parse(data.slice(6)) };
      }
    }
  } finally {
    // A reader that stops early (a break, an error) closes the connection.
    await cancel();
  }
}
