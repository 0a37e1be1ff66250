// The records and value sets inside event payloads, named for app code (`EventUser`,
// `UserChangeAction`, `MacOsDeviceInfo`, ...). Names are the spec's; the few whose bare name would
// read as another family's resource (a workforce `User`, an access `Realm`) take an `Event` prefix.
//
// Every value set here is open, as the spec says (`x-extensible-enum`): the known values
// autocomplete and narrow, and `(string & {})` lets a value the platform adds later through, so a
// new value never makes an event unreadable. Compare with `===` or `switch` and keep a default.
import type { components } from './generated/schema.js';

type S = components['schemas'];

// ----- Records -----
/** The client a request came from. */
export type EventClient = S['Client'];
/** Result of an authentication. */
export type AuthResult = S['AuthResult'];
/** Result of a policy evaluation. */
export type PolicyResult = S['PolicyResult'];
/** A stored version of a policy. */
export type PolicyRecord = S['PolicyRecord'];
/** A user, as recorded in events. */
export type EventUser = S['User'];
/** A device credential certificate. */
export type EventCertificate = S['Certificate'];
/** A group, as recorded in events. */
export type EventGroup = S['Group'];
/** The client of a continuous authentication request. */
export type ContinuousAuthClient = S['ContinuousAuthClient'];
/** Result of a continuous authentication. */
export type ContinuousAuthResult = S['ContinuousAuthResult'];
/** A tenant, as recorded in events. */
export type EventTenant = S['Tenant'];
/** An OIDC client configuration. */
export type OIDCClientConfiguration = S['OIDCClientConfiguration'];
/** A SAML connection configuration. */
export type SAMLConnectionConfiguration = S['SAMLConnectionConfiguration'];
/** An attribute statement of a SAML assertion. */
export type AttributeStatement = S['AttributeStatement'];
/** A desktop login configuration. */
export type PartnerDesktopLoginConfiguration = S['PartnerDesktopLoginConfiguration'];
/** An event hook configuration. */
export type PartnerEventHookConfiguration = S['PartnerEventHookConfiguration'];
/** A registration attribute configuration. */
export type PartnerRegistrationAttributeConfiguration =
  S['PartnerRegistrationAttributeConfiguration'];
/** A GPG key. */
export type GPGKey = S['GPGKey'];
/** A user enrollment. */
export type EventEnrollment = S['Enrollment'];
/** A realm, as recorded in events. */
export type EventRealm = S['Realm'];
/** A SCIM 1.1 provider configuration. */
export type Scim11Provider = S['Scim11Provider'];
/** A SCIM 2.0 provider configuration. */
export type Scim20Provider = S['Scim20Provider'];
/** What granted the new device: an existing device or an enrollment code. The published schema gives no discriminator and both kinds have only optional members besides `type_name`, so the kinds are alternatives (`anyOf`). */
export type AddDeviceGrantor = S['AddDeviceGrantor'];
/** A device, with its credential and details. */
export type EventDevice = S['Device'];
/** An enrollment code sent to an e-mail address. */
export type EventEnrollmentCode = S['EnrollmentCode'];
/** Result of adding a device. */
export type AddDeviceResult = S['AddDeviceResult'];
/** Details of a device: the authenticator app and the platform. */
export type EventDeviceInfo = S['DeviceInfo'];
/** The authenticator app on a device. */
export type EventAuthenticator = S['Authenticator'];
/** Platform details of a device, one kind per platform. The published schema gives no discriminator and the `type_name` values of the kinds are not published; every member besides `type_name` is optional, so the kinds are alternatives (`anyOf`). */
export type PlatformDeviceInfo = S['PlatformDeviceInfo'];
/** Platform details of a macOS device. */
export type MacOsDeviceInfo = S['MacOsDeviceInfo'];
/** Hardware of a macOS device. */
export type MacOsDeviceInfoHardware = S['MacOsDeviceInfoHardware'];
/** Operating system of a macOS device. */
export type MacOsDeviceInfoOs = S['MacOsDeviceInfoOs'];
/** Version of macOS. */
export type MacOsDeviceInfoOsVersion = S['MacOsDeviceInfoOsVersion'];
/** Security state of a macOS device. */
export type MacOsDeviceInfoSecurity = S['MacOsDeviceInfoSecurity'];
/** A disk of a macOS device. */
export type MacOsDisk = S['MacOsDisk'];
/** Security software on a macOS device. */
export type MacOsSecuritySoftware = S['MacOsSecuritySoftware'];
/** An application installed on a device. */
export type InstalledApplication = S['InstalledApplication'];
/** Platform details of a Windows device. */
export type WindowsDeviceInfo = S['WindowsDeviceInfo'];
/** Hardware of a Windows device. */
export type WindowsDeviceInfoHardware = S['WindowsDeviceInfoHardware'];
/** Operating system of a Windows device. */
export type WindowsDeviceInfoOs = S['WindowsDeviceInfoOs'];
/** Version of Windows. */
export type WindowsDeviceInfoOsVersion = S['WindowsDeviceInfoOsVersion'];
/** Security state of a Windows device. */
export type WindowsDeviceInfoSecurity = S['WindowsDeviceInfoSecurity'];
/** A disk of a Windows device. */
export type WindowsDisk = S['WindowsDisk'];
/** Security software on a Windows device. */
export type WindowsSecuritySoftware = S['WindowsSecuritySoftware'];
/** Platform details of an iOS device. */
export type IosDeviceInfo = S['IosDeviceInfo'];
/** Hardware of an iOS device. */
export type IosDeviceInfoHardware = S['IosDeviceInfoHardware'];
/** Operating system of an iOS device. */
export type IosDeviceInfoOs = S['IosDeviceInfoOs'];
/** Version of iOS. */
export type IosDeviceInfoOsVersion = S['IosDeviceInfoOsVersion'];
/** Security state of an iOS device. */
export type IosDeviceInfoSecurity = S['IosDeviceInfoSecurity'];
/** Platform details of an Android device. */
export type AndroidDeviceInfo = S['AndroidDeviceInfo'];
/** Hardware of an Android device. */
export type AndroidDeviceInfoHardware = S['AndroidDeviceInfoHardware'];
/** Operating system of an Android device. */
export type AndroidDeviceInfoOs = S['AndroidDeviceInfoOs'];
/** Version of Android. */
export type AndroidDeviceInfoOsVersion = S['AndroidDeviceInfoOsVersion'];
/** Security state of an Android device. */
export type AndroidDeviceInfoSecurity = S['AndroidDeviceInfoSecurity'];
/** Platform details of a Linux device. */
export type LinuxDeviceInfo = S['LinuxDeviceInfo'];
/** Hardware of a Linux device. */
export type LinuxDeviceInfoHardware = S['LinuxDeviceInfoHardware'];
/** Operating system of a Linux device. */
export type LinuxDeviceInfoOs = S['LinuxDeviceInfoOs'];
/** Version of the Linux operating system. */
export type LinuxDeviceInfoOsVersion = S['LinuxDeviceInfoOsVersion'];
/** Security state of a Linux device. */
export type LinuxDeviceInfoSecurity = S['LinuxDeviceInfoSecurity'];
/** A disk of a Linux device. */
export type LinuxDisk = S['LinuxDisk'];
/** Platform details of a web browser. */
export type WebDeviceInfo = S['WebDeviceInfo'];
/** Security capabilities of a web browser. */
export type WebDeviceInfoSecurity = S['WebDeviceInfoSecurity'];
/** The web browser. */
export type WebDeviceInfoBrowser = S['WebDeviceInfoBrowser'];
/** Platform the web browser runs on. */
export type WebDeviceInfoPlatform = S['WebDeviceInfoPlatform'];
/** Device the web browser runs on. */
export type WebDeviceInfoDevice = S['WebDeviceInfoDevice'];
/** Client hints reported by the web browser. */
export type WebDeviceInfoClientData = S['WebDeviceInfoClientData'];

// ----- Value sets (open) -----
/** Status of an authentication result. */
export type AuthResultStatus = S['AuthResultStatus'];
/** Action a policy evaluation decided. */
export type PolicyAction = S['PolicyAction'];
/** Status of a user. */
export type EventUserStatus = S['UserStatus'];
/** Status of a certificate. */
export type EventCertificateStatus = S['CertificateStatus'];
/** Kind of group change. */
export type GroupChangeAction = S['GroupChangeAction'];
/** Kind of user change. */
export type UserChangeAction = S['UserChangeAction'];
/** Kind of group membership change. */
export type GroupMembershipChangeAction = S['GroupMembershipChangeAction'];
/** Status of a continuous authentication. */
export type ContinuousAuthStatus = S['ContinuousAuthStatus'];
/** Kind of device credential change. */
export type DeviceCredentialChangeAction = S['DeviceCredentialChangeAction'];
/** Which console: the admin console or the user console. */
export type ConsoleType = S['ConsoleType'];
/** SSO protocol of a console identity provider. */
export type SsoProtocolType = S['SsoProtocolType'];
/** Kind of console SSO change. */
export type ConsoleSsoChangeType = S['ConsoleSsoChangeType'];
/** SSO protocol of a console OIDC auth config. */
export type SsoProtocolTypeOidcOnly = S['SsoProtocolTypeOidcOnly'];
/** User attribute the `token_field` value is looked up in. */
export type TokenFieldLookupType = S['TokenFieldLookupType'];
/** SSO protocol of a console SAML auth connection. */
export type SsoProtocolTypeSamlOnly = S['SsoProtocolTypeSamlOnly'];
/** User attribute matched against the assertion subject. */
export type SubjectUserAttributeType = S['SubjectUserAttributeType'];
/** SAML binding of the requests. */
export type RequestBindingType = S['RequestBindingType'];
/** Kind of tenant change. */
export type TenantChangeAction = S['TenantChangeAction'];
/** Signing algorithm of ID tokens. */
export type IdTokenSignedResponseAlg = S['IdTokenSignedResponseAlg'];
/** Kind of OIDC client change. */
export type OIDCClientChangeAction = S['OIDCClientChangeAction'];
/** Name id format of the subject. */
export type SubjectNameIdFormat = S['SubjectNameIdFormat'];
/** User attribute sent as the subject. */
export type SubjectUserAttribute = S['SubjectUserAttribute'];
/** SAML binding of the service provider. */
export type SpBinding = S['SpBinding'];
/** Authentication context class of the assertion. */
export type AuthnContextClass = S['AuthnContextClass'];
/** Name format of an attribute. */
export type AttributeNameFormat = S['AttributeNameFormat'];
/** Kind of SAML connection change. */
export type SAMLConnectionChangeAction = S['SAMLConnectionChangeAction'];
/** Kind of desktop login configuration change. */
export type PartnerDesktopLoginConfigurationChangeAction =
  S['PartnerDesktopLoginConfigurationChangeAction'];
/** Kind of event hook configuration change. */
export type PartnerEventHookConfigurationChangeAction =
  S['PartnerEventHookConfigurationChangeAction'];
/** Kind of registration attribute configuration change. */
export type PartnerRegistrationAttributeConfigurationChangeAction =
  S['PartnerRegistrationAttributeConfigurationChangeAction'];
/** Kind of GPG key change. */
export type GPGKeyChangeAction = S['GPGKeyChangeAction'];
/** Status of an enrollment. */
export type EventEnrollmentStatus = S['EnrollmentStatus'];
/** Kind of enrollment change. */
export type EnrollmentChangeAction = S['EnrollmentChangeAction'];
/** Kind of realm change. */
export type RealmChangeAction = S['RealmChangeAction'];
/** How the platform authenticates to a SCIM provider. */
export type AuthenticationType = S['AuthenticationType'];
/** Vendor attribute of a SCIM 1.1 provider. */
export type Scim11VendorAttribute = S['Scim11VendorAttribute'];
/** Kind of SCIM 1.1 provider change. */
export type Scim11ProviderChangeAction = S['Scim11ProviderChangeAction'];
/** Vendor attribute of a SCIM 2.0 provider. */
export type Scim20VendorAttribute = S['Scim20VendorAttribute'];
/** Kind of SCIM 2.0 provider change. */
export type Scim20ProviderChangeAction = S['Scim20ProviderChangeAction'];
/** Kind of outbound attribute change. */
export type OutboundAttributeChangeAction = S['OutboundAttributeChangeAction'];
/** How the authenticator was invoked. */
export type AuthenticatorInvocationMethod = S['AuthenticatorInvocationMethod'];
/** How far the invocation attempt got. */
export type AuthenticatorInvocationAttemptState = S['AuthenticatorInvocationAttemptState'];
/** Status of adding a device. */
export type AddDeviceResultStatus = S['AddDeviceResultStatus'];
/** Whether disk encryption (FileVault) is on. */
export type FileVaultStatus = S['FileVaultStatus'];
/** Status of security software on a macOS device. */
export type MacOsSecuritySoftwareStatus = S['MacOsSecuritySoftwareStatus'];
/** CPU architecture of an installed application. */
export type ApplicationArchitecture = S['ApplicationArchitecture'];
/** Status of security software on a Windows device. */
export type WindowsSecuritySoftwareStatus = S['WindowsSecuritySoftwareStatus'];
