import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enPublic from './en.json?part=public';
import enApp from './en.json?part=app';
import arPublic from './ar.json?part=public';
import arApp from './ar.json?part=app';
import enAdmin from './en.json?part=admin';
import arAdmin from './ar.json?part=admin';
import enSettings from './en.json?part=settings';
import arSettings from './ar.json?part=settings';
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
  it('the public part, the app part and the areas of each language make up its whole catalogue, nothing twice', () => {
    for (const [all, pub, app, admin, settings] of [
      [en, enPublic, enApp, enAdmin, enSettings],
      [ar, arPublic, arApp, arAdmin, arSettings],
    ] as const) {
      expect({ ...pub, ...app, ...admin, ...settings }).toEqual(all);
      const keys = [pub, app, admin, settings].flatMap((part) => Object.keys(part));
      expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
      expect(Object.keys(admin)).toEqual(['admin']);
      expect(Object.keys(settings)).toEqual(['settings']);
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
      ['admin', ['features/admin']],
      ['settings', ['features/settings']],
    ]);
  });
});
