import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * Markdown as GitHub shows it (a step summary, a pull request): GFM, autolinks of bare URLs, `www.`
 * names and e-mail addresses included, rendered to HTML by micromark, an implementation of the spec.
 */
export const gfmHtmlOf = (markdown: string): string =>
  micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
