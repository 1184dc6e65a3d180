import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enPublic from './en.json?part=public';
import enApp from './en.json?part=app';
import arPublic from './ar.json?part=public';
import arApp from './ar.json?part=app';
import { PUBLIC_SECTIONS } from '../../catalogue-parts.ts';
import { AREAS } from './areas';

// The whole catalogues as files (importing them as modules too would share one module with the parts).
const en = JSON.parse(readFileSync(join(import.meta.dirname, 'en.json'), 'utf8')) as Record<string, unknown>;
const ar = JSON.parse(readFileSync(join(import.meta.dirname, 'ar.json'), 'utf8')) as Record<string, unknown>;

/** The texts (`t('section.…')`) a file reads, by section. */
const sectionsIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`"]([a-zA-Z]+)\./g)].map((m) => m[1]).filter((s) => s !== undefined);
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
        ? [join(dir, e.name)]
        : [],
  );

describe('a catalogue in parts (catalogue-parts.ts)', () => {
  it('the public part, the app part and the areas of each language make up its whole catalogue, nothing twice', async () => {
    for (const [lang, all, pub, app] of [
      ['en', en, enPublic, enApp],
      ['ar', ar, arPublic, arApp],
    ] as const) {
      const areas = await Promise.all(
        AREAS.map(async (area) => {
          // A name made at run time: Vite's plugins (catalogue-parts.ts) resolve it then.
          const part = `./${lang}.json?part=${area}`;
          return ((await import(/* @vite-ignore */ part)) as { default: Record<string, unknown> }).default;
        }),
      );
      expect(Object.assign({}, pub, app, ...areas)).toEqual(all);
      const keys = [pub, app, ...areas].flatMap((part) => Object.keys(part));
      expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
      expect(areas.map((part) => Object.keys(part))).toEqual(AREAS.map((area) => [area]));
      expect(Object.keys(pub).sort()).toEqual(
        Object.keys(all)
          .filter((k) => PUBLIC_SECTIONS.has(k))
          .sort(),
      );
    }
  });

  it('the public pages (and what they are built from) read only the public part, which is all they load', () => {
    const src = join(import.meta.dirname, '..');
    const publicFiles = [
      ...filesUnder(join(src, 'features/auth')),
      ...filesUnder(join(src, 'features/landing')),
      ...['routes/sign-up.tsx', 'routes/error-screen.tsx', 'routes/not-found.tsx', 'app/root-error-boundary.tsx'].map((f) =>
        join(src, f),
      ),
      ...['auth-card.tsx', 'logo.tsx', 'language-switch.tsx', 'full-screen-spinner.tsx'].map((f) =>
        join(src, 'components/ui', f),
      ),
    ];
    const outside = publicFiles.flatMap((f) =>
      sectionsIn(f)
        .filter((s) => !PUBLIC_SECTIONS.has(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it("an area's texts are read only by its own screens, which load them (src/app/router.tsx)", () => {
    const src = join(import.meta.dirname, '..');
    const readers = (area: string) =>
      filesUnder(src)
        .filter((f) => sectionsIn(f).includes(area))
        .map((f) =>
          f
            .slice(src.length + 1)
            .split('/')
            .slice(0, 2)
            .join('/'),
        );
    expect(AREAS.map((area) => [area, [...new Set(readers(area))]])).toEqual([
      ['adminHome', ['features/admin']],
      ['admin', ['features/admin']],
      ['settings', ['features/settings']],
      ['portfolio', ['features/settings', 'routes/portfolio-page.tsx']],
      ['verify', ['routes/portfolio-page.tsx', 'routes/verify-certificate.tsx']],
      ['unsubscribe', ['routes/unsubscribe.tsx']],
      ['accountDeleted', ['routes/account-deleted.tsx']],
    ]);
  });
});
