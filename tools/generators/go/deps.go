// Package generators pins, in this module's go.mod, the runtime that oapi-codegen's generated
// clients import, so the generated packages build (go vet) from this module's go.sum alone.
package generators

import _ "github.com/oapi-codegen/runtime"
