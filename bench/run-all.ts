// Runs every harness in this folder, one after another.
export {};

await import('./auth.bench');
await import('./bids.bench');
