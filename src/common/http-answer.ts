/**
 * What a server answered one request, over node:http(s) as the platform's deliveries go: a status,
 * or why there was none. Not fetch: it refuses ports its spec calls unsafe (6000, 6666, ...), on
 * which an add-on's receiver or backend gets the platform's requests all the same.
 */
export async function httpAnswer(
  url: string,
  { method, headers = {}, timeoutMs }: { method: 'GET' | 'HEAD'; headers?: Record<string, string>; timeoutMs: number },
): Promise<{ status: number } | { error: string }> {
  const { request } = process.getBuiltinModule(url.startsWith('https:') ? 'node:https' : 'node:http');
  return new Promise((resolve) => {
    const asked = request(url, { method, headers, timeout: timeoutMs }, (answer) => {
      answer.resume();
      resolve({ status: answer.statusCode ?? 0 });
    });
    asked.on('timeout', () => asked.destroy(Object.assign(new Error('no answer'), { code: 'a timeout' })));
    asked.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code === 'ECONNREFUSED' ? 'connection refused' : (error.code ?? error.message) }),
    );
    asked.end();
  });
}
