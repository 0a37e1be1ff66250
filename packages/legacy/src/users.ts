import {
  type ApiClient,
  type CallOptions,
  requireId,
  requireObject,
  unwrap,
  ValidationError,
} from '@x/runtime';
import type { components, paths } from './generated/schema.js';

/** A user of the legacy API. */
export type LegacyUser = components['schemas']['LegacyUser'];
/** `USER_STATUS_UNSET` (default), `USER_STATUS_ACTIVE`, `USER_STATUS_SUSPENDED` or `USER_STATUS_DELETED`. */
export type LegacyUserStatus = components['schemas']['LegacyUserStatus'];
/** Attributes of a user to create; `binding_token_delivery_method` defaults to `email`. */
export type CreateLegacyUserInput = Omit<
  components['schemas']['CreateLegacyUserRequest'],
  'binding_token_delivery_method'
> &
  Partial<Pick<components['schemas']['CreateLegacyUserRequest'], 'binding_token_delivery_method'>>;
/** The user to recover; `binding_token_delivery_method` defaults to `email`. */
export type RecoverLegacyUserInput = Omit<
  components['schemas']['RecoverLegacyUserRequest'],
  'binding_token_delivery_method'
> &
  Partial<Pick<components['schemas']['RecoverLegacyUserRequest'], 'binding_token_delivery_method'>>;

/** Legacy users: create, and recover by external id. */
export class LegacyUsers {
  constructor(private readonly client: ApiClient<paths>) {}

  /**
   * Creates a user. The platform sends an enrolment e-mail with a binding token; the user
   * becomes `USER_STATUS_ACTIVE`.
   * @throws BadRequestError, UnauthorizedError, … (see `@x/runtime`) when the API refuses it.
   */
  async create(input: CreateLegacyUserInput, options?: CallOptions): Promise<LegacyUser> {
    const body = {
      external_id: requiredString(input, 'external_id'),
      email: requiredString(input, 'email'),
      user_name: requiredString(input, 'user_name'),
      display_name: requiredString(input, 'display_name'),
      binding_token_delivery_method: deliveryMethod(input),
    };
    return unwrap(this.client.raw.POST('/v1/manage/users', { body, ...this.client.call(options) }));
  }

  /** Issues a recovery binding token for an existing user, delivered by e-mail. */
  async recover(input: RecoverLegacyUserInput, options?: CallOptions): Promise<LegacyUser> {
    const body = {
      external_id: requiredString(input, 'external_id'),
      binding_token_delivery_method: deliveryMethod(input),
    };
    return unwrap(
      this.client.raw.POST('/v1/manage/recover-user', { body, ...this.client.call(options) }),
    );
  }
}

function requiredString(input: unknown, field: string): string {
  return requireId(requireObject(input as object, 'input')[field as keyof object], field);
}

function deliveryMethod(input: { binding_token_delivery_method?: unknown }): 'email' {
  const method = input.binding_token_delivery_method ?? 'email';
  if (method !== 'email')
    throw new ValidationError('binding_token_delivery_method', 'only "email" is supported');
  return method;
}
