// The add-on's front end. It runs inside the host's iframe: `npx addon dev` opens the host page with
// it. The page itself is the component of customers-view.ts.
import { mount } from './customers-view.ts';

// The API of `npx addon dev` by default; set VITE_ADDON_API_URL to point elsewhere.
void mount(document.querySelector<HTMLElement>('#app')!, {
  apiUrl: import.meta.env.VITE_ADDON_API_URL,
  timeoutMs: 5000,
});
