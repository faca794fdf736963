// The add-on session (spec section 1): what the next token is minted with, and the token of the
// current opening. Every opening mints a new token; a token is never refreshed in place, just as in
// the service, where the user must close and reopen the add-on once it expires.
import { control } from './control-client';
import type { MintedToken } from './types';

export interface SessionSettings {
  /**
   * The part of the installation's grant the next token carries; null: the whole grant of the
   * organization it opens in, whatever that is then.
   */
  scopes: string[] | null;
  orgId: string;
  userId: string;
}

type Listener = () => void;

export class Session {
  settings: SessionSettings;
  /** The token of the add-on as currently opened, or null while it is closed. */
  current: MintedToken | null = null;
  private generation = 0;
  private readonly listeners: Listener[] = [];

  constructor(settings: SessionSettings) {
    this.settings = copy(settings);
  }

  /**
   * Mints a token for a new opening, with new settings if given. The settings are kept only when
   * the emulator accepts them, so a refused org id leaves the running session as it was. Resolves
   * to null when another opening (or a switch) started meanwhile: a slow answer, or a refusal, never
   * replaces a newer session.
   */
  async open(settings: SessionSettings = this.settings): Promise<MintedToken | null> {
    const generation = ++this.generation;
    const { orgId, userId, scopes } = settings;
    let minted: MintedToken;
    try {
      minted = await control.token({ orgId, userId, ...(scopes ? { scopes: [...scopes] } : {}) });
    } catch (error) {
      // A refusal of an opening that another replaced meanwhile says nothing about the newer one.
      if (generation !== this.generation) return null;
      throw error;
    }
    if (generation !== this.generation) return null;
    if (settings !== this.settings) this.settings = copy(settings);
    this.current = minted;
    this.emit();
    return minted;
  }

  /**
   * Another organization or user (the top bar's switchers): taken at once, whether or not the
   * emulator lets them open the add-on; the add-on opened as someone else is closed.
   */
  choose(settings: SessionSettings): void {
    this.generation++;
    this.current = null;
    this.settings = copy(settings);
    this.emit();
  }

  close(): void {
    this.generation++;
    this.current = null;
    this.emit();
  }

  /** Milliseconds left before the current token's `exp`, on the given (emulated) clock. */
  remainingMs(nowMs: number): number | null {
    return this.current ? this.current.claims.exp * 1000 - nowMs : null;
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}

const copy = (settings: SessionSettings): SessionSettings => ({
  ...settings,
  scopes: settings.scopes && [...settings.scopes],
});
