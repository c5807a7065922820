export {};
/** `npm run bench`: every benchmark, one after another; each prints its own numbers. */
await import('./palette');
console.log('');
await import('./api');
