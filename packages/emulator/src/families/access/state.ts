// Family A's records. The seam for the access module: its tenants, realms and applications are
// seeded now (for `credentials` and the token endpoint); the rest of its state comes with it.

/** An access tenant. */
export interface AccessTenantRecord {
  id: string;
  display_name: string;
  create_time: string;
  update_time: string;
}

/** A realm of an access tenant. */
export interface AccessRealmRecord {
  id: string;
  seq: number;
  tenant_id: string;
  display_name: string;
  classification: 'SECURE_WORKFORCE' | 'SECURE_CUSTOMER';
  create_time: string;
  update_time: string;
}

/** An application with client credentials (the default management application among them). */
export interface AccessApplicationRecord {
  id: string;
  seq: number;
  tenant_id: string;
  realm_id: string;
  display_name: string;
  is_managed: boolean;
  client_id: string;
  client_secret: string;
  /** The resource server it grants access to (the management API for the default application). */
  resource_server_id?: string;
  create_time: string;
  update_time: string;
}

/** Family A's state (the access module adds its other collections here). */
export interface AccessState {
  tenants: Record<string, AccessTenantRecord>;
  realms: Record<string, AccessRealmRecord>;
  applications: Record<string, AccessApplicationRecord>;
  [collection: string]: unknown;
}
