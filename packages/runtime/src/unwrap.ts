/**
 * The data of an openapi-fetch result. Non-2xx responses already threw a typed error in the
 * client's middleware, so what is left is the success body (undefined for empty bodies).
 */
export async function unwrap<T>(result: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await result;
  return data as T;
}
