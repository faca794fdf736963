import { defineConfig } from 'vite';

// The page's address holds the session token (?service_token=…) until the SDK's connect() takes it
// out, and Vite's own client script loads before any of the page's: no Referer may carry the token
// (spec 5.1; addon check's page.token-sent). Serve the built page with the same header.
const noReferrer = { 'Referrer-Policy': 'no-referrer' };

export default defineConfig({
  server: { headers: noReferrer },
  preview: { headers: noReferrer },
});
