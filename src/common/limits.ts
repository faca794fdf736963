/**
 * Every bound on what comes into the emulator, written once: the routes, the files and the checks
 * import them from here, and docs/limits.md lists each with its error code and why. A limit written
 * in two files drifts.
 */

const MiB = 1024 * 1024;

/** How a limit is said to a person: 1048576 -> "1 MiB", 65536 -> "64 KiB", 1000 -> "1000 bytes". */
export const sayBytes = (n: number): string =>
  n % MiB === 0 ? `${n / MiB} MiB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`;

/**
 * How deep arrays and objects may nest in a JSON body, a storage value, trigger data, an inbox body
 * or addon.config.json. No real payload comes near it, and a value thousands of levels deep parses
 * but cannot be written back out (JSON.stringify recurses), so it would wedge the journal.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * A state file holds bodies' values a few levels down (organizations, apps, storage, an entry), so
 * it may nest that much deeper: every world the API can make can be exported and imported again.
 */
export const MAX_STATE_DEPTH = MAX_JSON_DEPTH + 8;

/**
 * How deep a record the store takes may nest (store/document-store.ts): the last guard behind the
 * bounds of every input, which keep values within MAX_JSON_DEPTH. The kit's own bound, not the
 * engine's: Node 26's JSON.stringify writes what Node 22's overflows on, and a data dir one Node
 * wrote must be read and written again by every supported one. A record of the deepest value an input
 * takes fits; so does every world a state file can hold.
 */
export const MAX_STORED_DEPTH = MAX_STATE_DEPTH;

/** A scenario holds a body's data under `steps`, a step and `data`, and over HTTP under `scenario`. */
export const MAX_SCENARIO_DEPTH = MAX_JSON_DEPTH + 4;

/** A request body: an add-on API call, a control call, a webhook posted to the built-in inbox. */
export const MAX_BODY_BYTES = 1 * MiB;

/** A state file (PUT /_emulator/state, --import, a named state): 100,000 records are about 40 MB. */
export const MAX_STATE_BYTES = 256 * MiB;

/** A scenario file, written by hand or by a script. */
export const MAX_SCENARIO_BYTES = 16 * MiB;

/**
 * One message to `addon mcp`, one line of its stdin. What the tools pass on inline is a body the
 * emulator takes up to MAX_BODY_BYTES (a call_api body, a fault rule, trigger data); the larger
 * inputs, a state (MAX_STATE_BYTES) or a scenario (MAX_SCENARIO_BYTES), are passed by file path.
 * This leaves room for a 1 MiB body and its envelope, and bounds what one line costs: 4 MiB of `{}`s
 * parse to ~90 MB of heap (10 MiB, the SDK's own line limit, to ~230 MB). A longer line is answered
 * with an error and skipped as it streams (src/mcp/line-splitter.ts), never held whole.
 */
export const MAX_MCP_MESSAGE_BYTES = 4 * MiB;

/** A message to `addon mcp` holds a tool's input under `params.arguments`: three levels over the deepest input, a state. */
export const MAX_MCP_DEPTH = MAX_STATE_DEPTH + 3;

/**
 * One answer of `addon mcp`, in bytes of JSON: the SDK's client reads at most 10 MiB a line and
 * drops its connection on a longer one, so a bigger answer would end the agent's session. A tool
 * whose answer can grow past it says so (`answer_too_large`); the state's export then goes to a file.
 */
export const MAX_MCP_ANSWER_BYTES = 8 * MiB;

/**
 * A coverage file (docs/coverage.md), as `addon coverage` reads it: the surface once (a few hundred
 * items, ~50 KB for the platform's resources) and the counts of what was met. 4 MiB leaves room for
 * many resources of a package user's own, and bounds what a directory of files costs to merge.
 */
export const MAX_COVERAGE_FILE_BYTES = 4 * MiB;

/** A coverage file nests three levels (`hits`, a dimension, an item's count): anything deeper is no coverage file. */
export const MAX_COVERAGE_DEPTH = 3;

/**
 * One item of a coverage file, in characters: the kit's items (an operation and a response, a time
 * rule's description) are under 200; a longer one is no item of ours and would spread a report's table.
 */
export const MAX_COVERAGE_ITEM_CHARS = 500;

/**
 * Cells of a coverage report's table (operations × responses, events × states): the platform's are
 * a few hundred. Past it the table is no picture, and a hostile file's distinct rows and columns
 * would multiply into billions of cells: the report lists the items instead.
 */
export const MAX_COVERAGE_MATRIX_CELLS = 100_000;

/**
 * Coverage files `addon coverage` merges at once: one a vitest worker or a CI job, so a directory
 * never cleared between runs still stays far below; 10,000 files at the size limit would be 40 GB.
 */
export const MAX_COVERAGE_FILES = 10_000;

/** addon.config.json: settings, a few subscriptions and fault rules. */
export const MAX_CONFIG_FILE_BYTES = 1 * MiB;

/**
 * A body over its route's limit is read and thrown away, up to this many bytes, before the 413 is
 * sent: a client that writes its whole body before reading the answer (fetch does) then reads the
 * 413 instead of a broken pipe. A larger one has the connection closed on it.
 */
export const MAX_DRAINED_BODY_BYTES = 64 * MiB;

/** References (`${name.field}`) in one scenario: checked before its first step. */
export const MAX_SCENARIO_REFERENCES = 10_000;

/**
 * What a scenario's references may expand to over a whole run, in characters: each reference costs
 * the size of the value it stands for, so a few kilobytes of `${a.notes}` could otherwise ask for
 * gigabytes.
 */
export const MAX_SCENARIO_EXPANSION = 16 * MiB;

/**
 * What the built-in inbox (`POST /inbox/<name>`) keeps. Anything that reaches the emulator may post
 * to it, so it holds a bounded history, the oldest dropped first, as hosted request bins do: the
 * newest entries of each inbox (what `addon inbox -n` can show at most), so many inboxes (a test
 * suite naming one per run stays far below; a new one past it forgets the one posted to least
 * recently, whole), and so many bytes in all, counted as received (body and headers): a few
 * thousand ordinary deliveries, or 16 bodies at the 1 MiB limit, where 128 such inboxes once grew
 * the process by ~380 MB.
 */
export const INBOX_KEEP = 200;
export const MAX_INBOXES = 100;
export const MAX_INBOX_BYTES = 16 * MiB;

/**
 * Deliveries the delivery log keeps, and so the most `addon deliveries -n` can show: past it, the
 * oldest finished ones make room (a pending one stays until its retries end).
 */
export const MAX_DELIVERIES = 5000;

/**
 * The longest event one tab of the host page takes from another over the channel they share the live
 * stream by (host-ui/src/stream-channel.ts), as characters of its JSON text: the biggest the stream
 * sends is a `delivery`, whose payload holds a record of up to MAX_BODY_BYTES, its quotes escaped once
 * more inside the event (up to twice as long), and its attempts' kept bodies. The channel is the page's
 * origin's alone; the bound keeps a tab from parsing whatever else might be posted on it.
 */
export const MAX_STREAM_RELAY_CHARS = 4 * MAX_BODY_BYTES;

/** The bounds each kind of input is checked against (json-bounds.ts), by name. */
export const BODY_BOUNDS = { maxDepth: MAX_JSON_DEPTH, maxBytes: MAX_BODY_BYTES };
export const STATE_BOUNDS = { maxDepth: MAX_STATE_DEPTH, maxBytes: MAX_STATE_BYTES };
export const SCENARIO_BOUNDS = { maxDepth: MAX_SCENARIO_DEPTH, maxBytes: MAX_SCENARIO_BYTES };
export const CONFIG_BOUNDS = { maxDepth: MAX_JSON_DEPTH, maxBytes: MAX_CONFIG_FILE_BYTES };
export const MCP_BOUNDS = { maxDepth: MAX_MCP_DEPTH, maxBytes: MAX_MCP_MESSAGE_BYTES };
export const COVERAGE_BOUNDS = { maxDepth: MAX_COVERAGE_DEPTH, maxBytes: MAX_COVERAGE_FILE_BYTES };

/**
 * Webhook attempts in flight at once. Each holds a socket and its buffers until the receiver answers
 * or the timeout ends it, so 10,000 retries falling due at one `addon clock advance` took the process
 * to ~1 GB of RSS (and one with a 256 MB heap to its death); the rest now wait their turn. 64 keep a
 * receiver on the same machine as busy as it can be (docs/performance.md).
 */
export const MAX_WEBHOOK_ATTEMPTS_IN_FLIGHT = 64;

/**
 * Of those, to one receiver (a URL's origin): a receiver that hangs holds at most this many slots,
 * each for the timeout at most, however many of its deliveries are due, and the others' attempts
 * flow through the rest (three receivers hanging at once still leave 16 slots).
 */
export const MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER = 16;

/**
 * What an attempt keeps of a receiver's answer body (the delivery log shows it); the rest is not
 * read: a receiver that streams for ever costs an attempt this much memory, and its timeout at most.
 */
export const RECEIVER_BODY_KEPT_BYTES = 4096;

/**
 * The most an attempt reads of a receiver's answer head (Node's own default, said here so that the
 * reason an attempt gives names it): past it, the attempt fails, the rest unread.
 */
export const MAX_RECEIVER_HEADER_BYTES = 16 * 1024;

/**
 * How long a connection to a receiver is kept open, idle, for its next delivery (sooner closed when
 * its Keep-Alive header says so). Real time, as sockets are: under the 5 s after which Node's own
 * servers close an idle connection, so a delivery seldom meets one closing under it.
 */
export const RECEIVER_IDLE_CONNECTION_MS = 4000;

/**
 * Fault rules in force at once, from every way in (addon.config.json's `faults`, `addon faults add`,
 * `POST /_emulator/faults`, the harness's `faults.add`). Every API call is matched against the rules:
 * 5,000 took the authenticated list to 9% of its throughput, 20,000 to 1.5%. A test needs a handful.
 */
export const MAX_FAULT_RULES = 100;

/** A million an hour: a thousand times the platform's limit; a larger number is a typo. */
export const MAX_RATE_LIMIT = 1_000_000;

/** Sample customers one seed makes (the other resources scale with them): a few seconds' work. */
export const MAX_SEED_SIZE = 10_000;

/**
 * Marks of ended sessions kept (installations/revocations.ts): one per organization and one per user
 * whose sessions ended there, so a configured world (100 organizations of 100 users) never comes near
 * it; the open world, where any id is a user, could grow without end. Past it, one mark ends every
 * session issued until then, in place of them all: more sessions end than had to, none comes back.
 */
export const MAX_REVOCATIONS = 20_000;

/**
 * The longest request body, as JSON text, an audit entry keeps (for the host page's "Copy as"): the
 * log keeps 1000 entries in memory and streams each to the host page, so a 1 MiB body each would
 * hold a gigabyte; an add-on's writes are a few hundred characters.
 */
export const MAX_AUDIT_BODY_CHARS = 16 * 1024;

/**
 * How long, at most, a line of `audit.log` or of `addon dev`'s terminal waits in memory before it is
 * written (real time: it paces output, not anything the emulated clock orders). Lines that come
 * meanwhile go out in the same write: a write a call put every read through a syscall of its own (on
 * a data dir, a hand-off to libuv's threadpool too), which the in-memory emulator does not make
 * (docs/performance.md). A kill may lose this much of the log, which docs/config.md allows; a clean
 * stop writes everything.
 */
export const LINE_BATCH_MS = 10;

/** Audit entries one read returns (`addon logs --limit`); the log itself keeps more. */
export const MAX_AUDIT_PAGE = 1000;

/**
 * The bridge: what one add-on page may make the host page do (docs/limits.md#the-bridge). Enforced
 * by the host page, `openHostPage()` and `addon check` alike (src/bridge), so a page that would freeze
 * a developer's tab or a CI run is told so instead.
 *
 * The size of one message, as the length of its JSON text: the spec's messages are a path, a short
 * notice, a height, a few dozen characters. A notify of one 100,000-character word froze the host
 * page's tab for 12 s while it drew the toast, and one of 4 MB for over 90 s.
 */
export const MAX_BRIDGE_MESSAGE_CHARS = 64 * 1024;

/**
 * The rate of messages, as a token bucket: bursts of this many, refilled this many a second. A
 * resize on every animation frame is 60 a second (120 on a fast screen: even then ten seconds pass
 * before one is dropped); an add-on's own messages come a few at a time, on a user's clicks. 20,000
 * notifies in one loop took `addon check` from 9 s to 50 s and its process to 800 MB.
 */
export const BRIDGE_BURST = 200;
export const BRIDGE_PER_SECOND = 100;

/**
 * How much of an add-on's text the host shows at once (a toast, a payload in the Messages tab),
 * then `…`: a few lines of a toast, and a long word must not cost the page its layout.
 */
export const MAX_SHOWN_CHARS = 300;

/**
 * Bridge messages a log keeps (the Messages tab, `openHostPage()`'s `messages`), the oldest going
 * first and counted: an hour of a busy add-on, and at the size limit 32 Mi characters at most.
 */
export const MESSAGE_LOG_KEEP = 500;

/**
 * What `addon check`'s watch inside the add-on's frame reports one by one (posts, exceptions,
 * console errors) each time the page loads; past it, counts by kind and type, a few times a second.
 * A flood of 20,000 messages was 20,000 calls into the check's process.
 */
export const FRAME_EVENTS_REPORTED = 100;

/**
 * A coverage report of the host page (`POST /_emulator/coverage/bridge`, docs/control-api.md): what
 * the bridge carried since its last report, at most every half second. The surface's bridge has ten
 * items and a page's warnings a few kinds, so 100 keys a map is far above any honest report; a key is
 * an item's words or a warning's, and a count is what half a second of a flood could make, the bridge's
 * own rate limit (BRIDGE_PER_SECOND) far below it. Bounded so that a hostile page cannot grow the
 * emulator's record without end.
 */
export const MAX_COVERAGE_REPORT_KEYS = 100;
export const MAX_COVERAGE_KEY_CHARS = 200;
export const MAX_COVERAGE_COUNT = 1_000_000;

/**
 * What an emulator keeps of `seen` over its whole run: kinds, and things of a kind. A page's reports
 * are bounded one by one above, but a page that names a new warning in each would grow the record
 * with every report; past these, the rest are counted together under one key (COVERAGE_SEEN_OTHERS).
 * The kit's own kinds are a handful, their things the scopes or warning kinds of one add-on.
 */
export const MAX_COVERAGE_SEEN_KINDS = 100;
export const MAX_COVERAGE_SEEN_KEYS = 1_000;

/**
 * How often, at most, the host page sends its coverage report (`POST /_emulator/coverage/bridge`):
 * a resize on every animation frame would otherwise be a request each; a person reading the Coverage
 * tab sees it within half a second. Real time: it bounds the page's requests, made in real time.
 */
export const COVERAGE_REPORT_INTERVAL_MS = 500;

/**
 * How often, at most, the live stream says what coverage met (the `coverage` event): the host page's
 * Coverage tab is read by a person, and a busy suite's every call would otherwise be an event of its
 * own. Real time: it bounds a browser's work, as the bridge's rate does.
 */
export const COVERAGE_STREAM_INTERVAL_MS = 500;

/**
 * The host page's search (`GET /_emulator/search`): the longest query, in characters. A person types
 * a name, a number or an address; every record's searched fields are scanned for it, so a query the
 * length of a body would cost its length times the organization's text.
 */
export const MAX_SEARCH_QUERY_CHARS = 100;

/** Results one search answers, best first: a list the top bar shows at once; the rest are counted in `total`. */
export const MAX_SEARCH_RESULTS = 20;

/**
 * How the session token is looked for in what an add-on's frames keep and send (spec 5.1:
 * testing/token-watch.ts, `addon check`'s page.token-* checks): a page's storage and the requests
 * and console messages of a run are input like any other, and a hostile page may write gigabytes.
 * - TOKEN_WATCH_KEEP: requests, and console messages, kept of a run (the first; the rest not read);
 * - MAX_TOKEN_SENT_CHARS: what is kept of a request's body, or of a console message;
 * - MAX_TOKEN_SCAN_CHARS: what is read of one stored value, or of a page's text;
 * - MAX_TOKEN_SCAN_TOTAL_CHARS: what is read of one frame's storage and page in all;
 * - MAX_TOKEN_SCAN_ITEMS: keys, records, databases, caches, entries and elements read of each;
 * - TOKEN_SCAN_MS: how long one frame's scan may take before it is given up (a page that never
 *   yields), in real time.
 */
export const TOKEN_WATCH_KEEP = 2_000;
export const MAX_TOKEN_SENT_CHARS = 16_384;
export const MAX_TOKEN_SCAN_CHARS = 1_048_576;
export const MAX_TOKEN_SCAN_TOTAL_CHARS = 16_777_216;
export const MAX_TOKEN_SCAN_ITEMS = 10_000;
export const TOKEN_SCAN_MS = 3_000;

/**
 * Real time a team's invariant (`addon explore`) has to return after a step: it reads a view of the
 * run and may GET the add-on's backend; one that does not return stops the exploration, named.
 */
export const EXPLORE_INVARIANT_MS = 5_000;

/**
 * `addon explore`'s budget (docs/explore.md): how many sequences and steps a run may ask for, and
 * how long a receiver has to answer anything at all before the run (else it is named, not explored).
 */
export const MAX_EXPLORE_RUNS = 100_000;
export const MAX_EXPLORE_STEPS = 1_000;
export const REACHABLE_MS = 5_000;
