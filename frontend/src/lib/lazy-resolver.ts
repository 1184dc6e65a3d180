import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (zod and the contract's schemas) is loaded when the form first needs it,
 * so a page can hydrate without it. When the code cannot be loaded the form's values go on unchecked:
 * the api checks them anyway, and the call that follows reports the network.
 */
export function lazyResolver<In extends FieldValues, Ctx, Out>(
  load: () => Promise<Resolver<In, Ctx, Out>>,
): Resolver<In, Ctx, Out> {
  return async (values, context, options) => {
    let resolver: Resolver<In, Ctx, Out>;
    try {
      resolver = await load();
    } catch {
      return { values: values as unknown as Out, errors: {} };
    }
    return resolver(values, context, options);
  };
}
