/** The api's routes, read off the controllers themselves (for generated access and input tests). */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { PUBLIC_KEY, ROLES_KEY } from '../../src/common/auth.js';
import type { UserType } from '../../src/identity/identity.entities.js';

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** With every `:param` replaced by ANY_ID. */
  path: string;
  /** As declared, with its `:params`. */
  template: string;
  public: boolean;
  roles?: UserType[];
}

export const ANY_ID = '00000000-0000-4000-8000-000000000000';
const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

export function routeTable(api: NestFastifyApplication): Route[] {
  const reflector = new Reflector();
  const routes: Route[] = [];
  for (const mod of api.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const cls = wrapper.metatype as (new (...a: never[]) => unknown) | undefined;
      if (!cls) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, cls) as string | undefined) ?? '';
      for (const name of Object.getOwnPropertyNames(cls.prototype)) {
        const handler = cls.prototype[name] as object;
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const sub = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (sub === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number] as Route['method'];
        const template = join('api', base, sub);
        routes.push({
          method,
          template,
          path: template.replace(/:[A-Za-z]+/g, ANY_ID),
          // Undefined on a route that is not marked public.
          public: reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, [handler as never, cls]) ?? false,
          roles: reflector.getAllAndOverride<UserType[] | undefined>(ROLES_KEY, [handler as never, cls]),
        });
      }
    }
  }
  return routes;
}
