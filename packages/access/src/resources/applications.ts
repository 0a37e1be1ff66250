import { type CallOptions, unwrap } from '@x/runtime';
import type { RealmScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { requireId, requireObject } from '../ids.js';
import { checkDisplayName } from '../names.js';
import {
  checkPageSize,
  checkPageToken,
  type ListOptions,
  MAX_SMALL_PAGE_SIZE,
  type PageParams,
  type TokenPaginator,
  tokenListing,
} from '../paging.js';

/** An OAuth 2.0 or OIDC application of a realm. */
export type Application = components['schemas']['Application'];
/** The attributes of an application to create or update. */
export type ApplicationInput = components['schemas']['ApplicationInput'];
/** One page of applications, as the server sent it. */
export type ApplicationList = components['schemas']['ApplicationList'];
/** Parameters of the applications list (`pageSize` at most 100). */
export type ListApplicationsParams = PageParams;

/** The applications of a realm. Their tokens are under `realm.tokens(applicationId)`. */
export class ApplicationsResource {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /** Creates an application. */
  async create(input: ApplicationInput, options?: CallOptions): Promise<Application> {
    const application = applicationInput(input);
    const { client, path } = this.scope;
    return unwrap(
      client.raw.POST('/v1/tenants/{tenant_id}/realms/{realm_id}/applications', {
        params: { path },
        body: { application },
        ...client.call(options),
      }),
    );
  }

  /** Lists the applications, page by page as you iterate. */
  list(
    params: ListApplicationsParams = {},
    options?: ListOptions,
  ): TokenPaginator<Application, ApplicationList> {
    const query = applicationsQuery(params);
    return tokenListing(
      (page_token, call) => this.fetch({ ...query, page_token }, call),
      (raw) => raw.applications,
      options,
      params.pageToken,
    );
  }

  /** One page of applications. */
  async listPage(
    params: ListApplicationsParams = {},
    options?: CallOptions,
  ): Promise<ApplicationList> {
    return this.fetch(
      { ...applicationsQuery(params), page_token: checkPageToken(params.pageToken) },
      options,
    );
  }

  /** Retrieves an application. */
  async get(applicationId: string, options?: CallOptions): Promise<Application> {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}', {
        params: { path: this.pathOf(applicationId) },
        ...client.call(options),
      }),
    );
  }

  /** Updates an application (only the attributes given change). */
  async update(
    applicationId: string,
    input: ApplicationInput,
    options?: CallOptions,
  ): Promise<Application> {
    const path = this.pathOf(applicationId);
    const application = applicationInput(input);
    const { client } = this.scope;
    return unwrap(
      client.raw.PATCH('/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}', {
        params: { path },
        body: { application },
        ...client.call(options),
      }),
    );
  }

  /** Deletes an application. */
  async delete(applicationId: string, options?: CallOptions): Promise<void> {
    const { client } = this.scope;
    await unwrap(
      client.raw.DELETE('/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}', {
        params: { path: this.pathOf(applicationId) },
        ...client.call(options),
      }),
    );
  }

  private async fetch(
    query: { page_size?: number; page_token?: string },
    options?: CallOptions,
  ): Promise<ApplicationList> {
    const { client, path } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/applications', {
        params: { path, query },
        ...client.call(options),
      }),
    );
  }

  private pathOf(applicationId: string) {
    return { ...this.scope.path, application_id: requireId(applicationId, 'applicationId') };
  }
}

function applicationsQuery(params: ListApplicationsParams) {
  requireObject(params, 'params');
  return { page_size: checkPageSize(params.pageSize, MAX_SMALL_PAGE_SIZE) };
}

function applicationInput(input: ApplicationInput): ApplicationInput {
  requireObject(input, 'application');
  if (input.display_name !== undefined)
    checkDisplayName(input.display_name, 'application.display_name');
  return input;
}
