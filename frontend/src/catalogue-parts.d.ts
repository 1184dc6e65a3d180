/** A part of a catalogue (catalogue-parts.ts): its sections, as in the JSON file. */
declare module '*.json?part=public' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=app' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=admin' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=settings' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=portfolio' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=verify' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=unsubscribe' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=accountDeleted' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=adminHome' {
  const texts: Record<string, unknown>;
  export default texts;
}
