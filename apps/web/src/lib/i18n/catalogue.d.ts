// A catalogue imported with ?lingui arrives compiled (build/catalogues.ts).
declare module '*?lingui' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
