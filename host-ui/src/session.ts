// The add-on session (spec section 1): what the next token is minted with, and the token of the
// current opening. Every opening mints a new token; a token is never refreshed in place, just as in
// the service, where the user must close and reopen the add-on once it expires.
import { control } from './control-client';
import type { EmulatorStatus, MintedToken } from './types';

export interface SessionSettings {
  /** The granted subset of the declared scopes that the next token carries. */
  scopes: string[];
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

  constructor(status: EmulatorStatus) {
    this.settings = { scopes: [...status.grantedScopes], orgId: status.orgId, userId: status.userId };
  }

  /**
   * Mints a token for a new opening, with new settings if given. The settings are kept only when
   * the emulator accepts them, so a refused org id leaves the running session as it was. Resolves
   * to null when another opening started meanwhile: a slow answer never replaces a newer session.
   */
  async open(settings: SessionSettings = this.settings): Promise<MintedToken | null> {
    const generation = ++this.generation;
    const minted = await control.token({ ...settings, scopes: [...settings.scopes] });
    if (generation !== this.generation) return null;
    if (settings !== this.settings) this.settings = { ...settings, scopes: [...settings.scopes] };
    this.current = minted;
    this.emit();
    return minted;
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
