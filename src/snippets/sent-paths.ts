/**
 * A request's path (its query too) as a copy sends it again. The audit log keeps the path as it was
 * sent, and Node takes any printable ASCII there; curl and URLs do not send every such path as it is:
 * `#` begins a fragment, which neither sends; a URL takes `\` for `/`, and resolves `.` and `..`
 * segments away (curl does too, unless told `--path-as-is`).
 */

/** A `.` or `..` segment of a path, as a URL reads one (`%2e` is a dot, a backslash a slash; the query is apart). */
export const hasDotSegment = (path: string): boolean =>
  path
    .split(/[?#]/, 1)[0]
    .split(/[/\\]/)
    .some((segment) => /^(\.|%2e){1,2}$/i.test(segment));

/** For curl with `--path-as-is`: as it was, but `#` as `%23`, so that curl sends what follows it. */
export const curlPath = (path: string): string => path.replaceAll('#', '%23');

/**
 * For fetch, which `addon api` and a test use: as curl's, and a `\` of the path as `%5C`, which the
 * emulator reads as the `\` it was (a path's segments are decoded), not as a slash. A `.` or `..`
 * segment no URL sends: hasDotSegment says so first.
 */
export function fetchPath(path: string): string {
  const sent = curlPath(path);
  const query = sent.indexOf('?');
  const [route, rest] = query < 0 ? [sent, ''] : [sent.slice(0, query), sent.slice(query)];
  return route.replaceAll('\\', '%5C') + rest;
}
