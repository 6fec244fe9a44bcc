// sharp (libvips) costs ~20 MB resident once loaded, so it is loaded by the first photo
// a server processes, not at start-up.
export async function loadSharp() {
  return (await import('sharp')).default;
}
