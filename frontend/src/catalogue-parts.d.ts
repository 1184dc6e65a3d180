/** A part of a catalogue (catalogue-parts.ts): its sections, as in the JSON file. */
declare module '*.json?part=public' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?part=app' {
  const texts: Record<string, unknown>;
  export default texts;
}
