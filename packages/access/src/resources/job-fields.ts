// The writable fields of a credential binding job that a batch job's template shares, in a leaf
// module so that neither job resource imports the other.
import { object, text } from '../checks.js';

/** What every credential binding job is created with, alone or from a batch's template. */
export const JOB_TEMPLATE_FIELDS = {
  post_binding_redirect_uri: text,
  authenticator_config: object,
  authenticator_config_id: text,
};
