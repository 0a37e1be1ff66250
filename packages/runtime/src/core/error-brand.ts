// Why a brand: an app can end up with two copies of @x/runtime (two families built with different
// runtime versions, or a family beside the app's own copy). Each copy has its own classes, so the
// plain prototype test of `instanceof` would say no to an error thrown by the other copy. Each SDK
// error class therefore marks its prototype with a registry symbol (`Symbol.for`, shared by every
// copy in the process) named after the class, and `instanceof` on an SDK class looks for that
// mark. Subclasses inherit their parents' marks through the prototype chain, so a NotFoundError
// from either copy is `instanceof ApiError` and `instanceof SdkError` of both.

/** The registry key under which a branded class keeps the symbol its instances carry. */
const BRAND_OF_CLASS = Symbol.for('@x/runtime.error-brand');

/** The symbol every instance of the SDK error class `name` carries, in any runtime copy. */
export function errorBrand(name: string): symbol {
  return Symbol.for(`@x/runtime.error:${name}`);
}

/**
 * Marks `cls` as the SDK error class `name`: its instances (and its subclasses' instances) carry
 * the brand, and `instanceof cls` recognises instances of the same class from any runtime copy.
 * The name is passed, not read from `cls.name`, so a minifier that renames classes cannot change it.
 */
export function brandErrorClass(cls: abstract new (...args: never[]) => object, name: string) {
  const brand = errorBrand(name);
  Object.defineProperty(cls.prototype, brand, { value: true });
  Object.defineProperty(cls, BRAND_OF_CLASS, { value: brand });
}

/**
 * `value instanceof cls` across runtime copies: a branded SDK class matches by its brand; a class
 * that is not branded itself (an app's own subclass of an SDK error) keeps the ordinary
 * prototype test.
 */
export function isBrandedInstance(cls: object, value: unknown): boolean {
  const brand = Object.hasOwn(cls, BRAND_OF_CLASS)
    ? (cls as Record<symbol, symbol>)[BRAND_OF_CLASS]
    : undefined;
  if (brand === undefined) return Function.prototype[Symbol.hasInstance].call(cls, value);
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    (value as Record<symbol, unknown>)[brand] === true
  );
}
