// Runs every harness in this folder, one after another.
await import('./auth.bench');
