// Legacy users (`/v1/manage`): create, and recover by external id.
import type { ApiPromise, CallOptions } from '@x/runtime';
import { optionalEnum, requireId, requireObject } from '@x/runtime/internal';
import type { LegacyApi } from '../api.js';
import type { components } from '../generated/schema.js';

/** A user of the legacy API. */
export type LegacyUser = components['schemas']['LegacyUser'];
/** `USER_STATUS_UNSET` (default), `USER_STATUS_ACTIVE`, `USER_STATUS_SUSPENDED` or `USER_STATUS_DELETED`. */
export type LegacyUserStatus = components['schemas']['LegacyUserStatus'];
type CreateRequest = components['schemas']['CreateLegacyUserRequest'];
type RecoverRequest = components['schemas']['RecoverLegacyUserRequest'];
type DeliveryMethod = components['schemas']['BindingTokenDeliveryMethod'];

/** A user to create; `binding_token_delivery_method` defaults to `email`, the only method. */
export type LegacyUserCreate = Omit<CreateRequest, 'binding_token_delivery_method'> & {
  binding_token_delivery_method?: DeliveryMethod | undefined;
};
/** The user to recover; `binding_token_delivery_method` defaults to `email`, the only method. */
export type LegacyUserRecover = Omit<RecoverRequest, 'binding_token_delivery_method'> & {
  binding_token_delivery_method?: DeliveryMethod | undefined;
};

const DELIVERY_METHODS: readonly DeliveryMethod[] = ['email'];

/** Legacy users: create, and recover by external id. */
export class LegacyUsers {
  /** @internal */
  constructor(private readonly api: LegacyApi) {}

  /**
   * Creates a user. The platform sends an enrolment e-mail with a binding token; the user
   * becomes `USER_STATUS_ACTIVE`.
   * @throws ValidationError naming the field, before anything is sent; BadRequestError,
   * UnauthorizedError, … (see `@x/runtime`) when the API refuses it.
   */
  create(user: LegacyUserCreate, options?: CallOptions): ApiPromise<LegacyUser> {
    return this.api.post('/v1/manage/users', () => ({ body: createBody(user) }), options);
  }

  /** Issues a recovery binding token for an existing user, delivered by e-mail. */
  recover(user: LegacyUserRecover, options?: CallOptions): ApiPromise<LegacyUser> {
    return this.api.post('/v1/manage/recover-user', () => ({ body: recoverBody(user) }), options);
  }
}

// The body is flat, so a field is named as it is sent (`email`), and the argument as `input`.
function createBody(input: LegacyUserCreate): CreateRequest {
  requireObject(input, 'input');
  return {
    external_id: requireId(input.external_id, 'external_id'),
    email: requireId(input.email, 'email'),
    user_name: requireId(input.user_name, 'user_name'),
    display_name: requireId(input.display_name, 'display_name'),
    binding_token_delivery_method: deliveryMethod(input),
  };
}

function recoverBody(input: LegacyUserRecover): RecoverRequest {
  requireObject(input, 'input');
  return {
    external_id: requireId(input.external_id, 'external_id'),
    binding_token_delivery_method: deliveryMethod(input),
  };
}

function deliveryMethod(input: { binding_token_delivery_method?: unknown }): DeliveryMethod {
  return (
    optionalEnum(
      input.binding_token_delivery_method,
      'binding_token_delivery_method',
      DELIVERY_METHODS,
    ) ?? 'email'
  );
}
