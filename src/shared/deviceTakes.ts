/**
 * A device's request that takes what waits for it — a door's grants and plates, a terminal's task
 * items, a family phone's numbers — has no body to sign, so it signs the route it is sent to and a
 * nonce of its own: `serial|timestamp|nonce`, then `POST <route>` (the route after the API's base,
 * `/gate/grants/pending`). A captured request is refused when sent again, and its signature takes
 * nothing from another route. Shared by the server, the tests and device vendors (README).
 */
export const takeSigningText = (serial: string, timestamp: string, nonce: string, route: string) => `${serial}|${timestamp}|${nonce}\nPOST ${route}`;

/** The header carrying the nonce: 16 to 64 letters, digits, `_` or `-`, new for every request. */
export const NONCE_HEADER = 'x-nonce';
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
