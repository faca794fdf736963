import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the files under `root`, one GET (and HEAD) route per file found now, and `/` for its
 * index.html, each with `headersFor(path)` on every answer (a 304 included); any other path is the
 * app's own 404. @fastify/send does the serving: MIME types, ETag and Last-Modified, ranges,
 * dotfiles hidden.
 *
 * Not @fastify/static: it loads glob at start-up to list the files, which took a fortieth of
 * `addon dev`'s start (docs/performance.md); a directory of a few built files needs no glob.
 */
export async function serveStaticFiles(
  app: FastifyInstance,
  root: string,
  headersFor: (path: string) => Record<string, string> = () => ({}),
): Promise<void> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = '/' + relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      sendFile(request, reply.headers(headersFor(path)), root, path);
    app.get(path, { schema: { hide: true } }, handler);
    if (path === '/index.html') app.get('/', { schema: { hide: true } }, handler);
  }
}

async function sendFile(request: FastifyRequest, reply: FastifyReply, root: string, path: string) {
  // Loaded on the first file served: with mime's type table it took ~5 ms of every start, and
  // `addon exec` and the test harness never serve a file.
  const { default: send } = await import('@fastify/send');
  // send decodes the path it is given, so it gets the encoded form.
  const result = await send(request.raw, encodeURI(path), { root });
  if (result.type === 'file') return reply.code(result.statusCode).headers(result.headers).send(result.stream);
  // Gone since start-up (a rebuild in progress): a 404 like any unknown path.
  if (result.type === 'directory') return reply.callNotFound();
  const error = result.metadata.error as Error & { status?: number };
  return error.status === 404 ? reply.callNotFound() : reply.send(error);
}
