export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database and every other registered dependency answer; Redis, when configured, is ok or degraded (limits in memory)
         * @description Each dependency has its own entry in `checks`; any failing one makes the answer 503.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys that verify access tokens (RFC 7517) */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tenants as a plain array (at most 100): all for platform admins and the platform's machine clients, otherwise those the caller has a role in */
        get: operations["listTenants"];
        put?: never;
        /** Create a brand, or a tenant under one with parentTenantId (platform admin; the platform's machine client) */
        post: operations["createTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tenants, a cursor page */
        get: operations["listTenantsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a tenant (members; a brand's customers see its public face: id, name, logoUrl, parentTenantId) */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a tenant (admins, owners); merges field by field, null removes a value */
        patch: operations["updateTenant"];
        trace?: never;
    };
    "/tenants/{tenantId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The members of a tenant as a plain array, at most 100 (members) */
        get: operations["listTenantMembers"];
        put?: never;
        /** Invite a person by email (admins; owners for owners): they join only once they accept the emailed link */
        post: operations["inviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The members of a tenant, a cursor page (members) */
        get: operations["listTenantMembersV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (admins; owners for owners; never the last owner) */
        delete: operations["deleteTenantMember"];
        options?: never;
        head?: never;
        /** Change a member's role (admins; owners for anything touching owners; never the last owner) */
        patch: operations["updateTenantMember"];
        trace?: never;
    };
    "/tenants/{tenantId}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invitations of a tenant, newest first, at most 100 (admins) */
        get: operations["listTenantInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invitations of a tenant, a cursor page (admins) */
        get: operations["listTenantInvitationsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a pending invitation (admins) */
        delete: operations["deleteTenantInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation link offers (the token is the proof; no sign-in needed) */
        get: operations["previewInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: an invitation (link of the invitation email); sign in and accept from here */
        get: operations["showInvitationPage"];
        put?: never;
        /** Accept an invitation as the signed-in person it was sent to; the membership begins now */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/email-settings/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Versions of the tenant's email settings and branding, newest first: the newest 100, a plain array (admins, owners; the platform) */
        get: operations["listTenantEmailSettingsVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/email-settings/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Versions of the tenant's email settings and branding, newest first, a cursor page (admins, owners; the platform) */
        get: operations["listTenantEmailSettingsVersionsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/email-settings/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One version of the email settings and branding (admins, owners; the platform) */
        get: operations["getTenantEmailSettingsVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/email-settings/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a version: saves its settings as a new version, with the checks and permissions of PATCH /tenants/{tenantId}
         * @description Only the fields that differ from the current settings are saved; a tenant that is not a brand cannot restore brand fields (403 not_a_brand).
         */
        post: operations["postTenantEmailSettingsVersionRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's audit log, newest first (admins, owners; the platform): the newest 100 entries, a plain array */
        get: operations["getTenantAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's audit log, newest first (admins, owners; the platform), a cursor page */
        get: operations["getTenantAuditV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole audit log, newest first (platform administrators): the newest 100 entries, a plain array */
        get: operations["getAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole audit log, newest first (platform administrators), a cursor page */
        get: operations["getAuditV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth clients as a plain array, at most 100 (platform admin) */
        get: operations["listOauthClients"];
        put?: never;
        /** Register an OAuth client or a machine client (platform admin; a brand's admin for its own brand); the secret is shown once; clientId may be chosen by the platform (409 when taken) */
        post: operations["createOauthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/oauth/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth clients, a cursor page (platform admin) */
        get: operations["listOauthClientsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/oauth/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tenant's OAuth clients as a plain array, at most 100 (a brand's admins for their brand; platform admin) */
        get: operations["listTenantOauthClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an OAuth client (platform admin; a brand's admin for its own brand's) */
        get: operations["getOauthClient"];
        put?: never;
        post?: never;
        /** Delete an OAuth client and end its sessions (platform admin; a brand's admin for its own brand's) */
        delete: operations["deleteOauthClient"];
        options?: never;
        head?: never;
        /** Change an OAuth client's name, redirect URIs, CORS origins or scopes (platform admin; a brand's admin for its own brand's) */
        patch: operations["updateOauthClient"];
        trace?: never;
    };
    "/oauth/clients/{clientId}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a confidential client a new secret, shown once; the old one is refused within seconds (platform admin; a brand's admin for its own brand's) */
        post: operations["postOauthClientSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/emails/{emailType}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Render an email with the tenant's settings and sample data (tenant admins) */
        get: operations["previewTenantEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/emails/{emailType}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the preview to the caller's own address (tenant admins) */
        post: operations["sendTenantTestEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Token endpoint (RFC 6749): authorization_code with PKCE, refresh_token (rotating), client_credentials, device_code (RFC 8628) */
        post: operations["requestToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a refresh or access token, ending its session (RFC 7009) */
        post: operations["revokeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Introspect a token (RFC 7662; confidential clients) */
        post: operations["introspectToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server/tenants/{tenantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tenant's authorization server metadata at the RFC 8414 address */
        get: operations["getOauthAuthorizationServerTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization server metadata (RFC 8414) of the platform's issuer, or of a tenant's */
        get: operations["getAuthorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization server metadata (RFC 8414) of the platform's issuer, or of a tenant's */
        get: operations["getTenantAuthorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/passwordlessLogin/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a login code and link; the same answer for known and unknown addresses */
        post: operations["requestLoginCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/passwordlessLogin/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a login code and link; the same answer for known and unknown addresses */
        post: operations["requestTenantLoginCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenID Connect userinfo: claims of the user the access token belongs to (openid scope, its claims by email and profile; or account scope: all) */
        get: operations["getUserinfo"];
        put?: never;
        /** OpenID Connect userinfo: claims of the user the access token belongs to (openid scope, its claims by email and profile; or account scope: all) */
        post: operations["postUserinfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenID Connect discovery document of the platform's issuer, or of a tenant's ($PUBLIC_URL/tenants/{tenantId}) */
        get: operations["getOpenidConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenID Connect discovery document of the platform's issuer, or of a tenant's ($PUBLIC_URL/tenants/{tenantId}) */
        get: operations["getTenantOpenidConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/device_authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Device authorization endpoint (RFC 8628): a device code to poll with and a user code for the person to enter */
        post: operations["requestDeviceAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/device_authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Device authorization endpoint (RFC 8628): a device code to poll with and a user code for the person to enter */
        post: operations["requestTenantDeviceAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A brand's sign-in log, newest first, a cursor page (its admins and owners; the platform) */
        get: operations["listTenantSignInsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every sign-in attempt, newest first, a cursor page (platform administrators) */
        get: operations["listSignInsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, the tenant they belong to, and every tenant they have a role in (a user token with the account scope) */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        /** Delete the signed-in person's account (a sign-in at most RECENT_SIGN_IN_SECONDS old): sessions end, devices held alone are released, the personal tenant goes, a confirmation is mailed */
        delete: operations["deleteCurrentUser"];
        options?: never;
        head?: never;
        /** Change the username, display name or locale of the signed-in user */
        patch: operations["updateCurrentUser"];
        trace?: never;
    };
    "/users/current/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password (needs the current one); other sessions end */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and email a confirmation link; the same answer for a taken address */
        post: operations["registerUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/confirmEmail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an email address with the token from the confirmation email */
        post: operations["confirmEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/forgotPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password reset link; the same answer for any address */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset token; ends every session of the account */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/users/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and email a confirmation link; the same answer for a taken address */
        post: operations["registerTenantUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/users/confirmEmail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an email address with the token from the confirmation email */
        post: operations["confirmTenantEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/users/forgotPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password reset link; the same answer for any address */
        post: operations["requestTenantPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/users/resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset token; ends every session of the account */
        post: operations["resetTenantPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/people/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A person of the brand: who they are, their tenants and roles (the brand's admins; the platform) */
        get: operations["getTenantPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/people/{userId}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Block a person of the brand: their sessions end now, and they cannot sign in or refresh anywhere until unblocked; their devices keep running */
        post: operations["postTenantPeopleBlock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/people/{userId}/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unblock a person of the brand: they may sign in again */
        post: operations["postTenantPeopleUnblock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/current/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person's passkeys */
        get: operations["listUsersCurrentPasskeys"];
        put?: never;
        /** Register a passkey: the authenticator's answer to the options (needs a sign-in at most RECENT_SIGN_IN_SECONDS old) */
        post: operations["createUsersCurrentPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/current/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options to create a passkey (needs a sign-in at most RECENT_SIGN_IN_SECONDS old); answer within 5 minutes with POST /users/current/passkeys */
        post: operations["createUsersCurrentPasskeysOption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/current/passkeys/{passkeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a passkey (needs a sign-in at most RECENT_SIGN_IN_SECONDS old) */
        delete: operations["deleteUsersCurrentPasskey"];
        options?: never;
        head?: never;
        /** Rename a passkey */
        patch: operations["updateUsersCurrentPasskey"];
        trace?: never;
    };
    "/auth/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options to sign in with a passkey for an app's request (checked as for a login code); answer within 5 minutes */
        post: operations["createAuthPasskeysOption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/passkeys/signIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a passkey: the authenticator's assertion; answers a login code for the token endpoint (with the request's PKCE verifier) */
        post: operations["postAuthPasskeysSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options to sign in with a passkey for an app's request (checked as for a login code); answer within 5 minutes */
        post: operations["createTenantAuthPasskeysOption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/passkeys/signIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a passkey: the authenticator's assertion; answers a login code for the token endpoint (with the request's PKCE verifier) */
        post: operations["postTenantAuthPasskeysSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/passkeyPolicy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How a brand offers passkeys on its hosted pages and to its apps (admins of a brand) */
        get: operations["getTenantPasskeyPolicy"];
        /** Choose how a brand offers passkeys (admins of a brand) */
        put: operations["replaceTenantPasskeyPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/nativeApps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A brand's native apps, which may offer the deployment's passkeys (admins) */
        get: operations["listTenantNativeApps"];
        put?: never;
        /** Register a brand's Apple or Android app for passkeys (admins of a brand) */
        post: operations["createTenantNativeApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/nativeApps/{appId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a brand's native app */
        delete: operations["deleteTenantNativeApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/apple-app-site-association": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every brand's Apple apps (webcredentials), as Apple fetches it */
        get: operations["getAppleAppSiteAssociation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/assetlinks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every brand's Android apps (get_login_creds), as Android fetches it */
        get: operations["getAssetlinksJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Upstream sign-in providers (Sign in with Apple, Google, any OpenID provider)
         * @description Without the /tenants/{tenantId} prefix: the platform's connections, offered at every brand (platform administrators). With it: the brand's own (its admins; a tenant that is not a brand gets 403 not_a_brand).
         */
        get: operations["listConnectionsV4"];
        put?: never;
        /**
         * Add an upstream sign-in provider
         * @description Without the /tenants/{tenantId} prefix: the platform's connections, offered at every brand (platform administrators). With it: the brand's own (its admins; a tenant that is not a brand gets 403 not_a_brand). Secrets are sealed at rest and never returned.
         */
        post: operations["createConnectionV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An upstream sign-in provider */
        get: operations["getConnectionV4"];
        put?: never;
        post?: never;
        /** Delete an upstream sign-in provider (the identities linked through it go with it) */
        delete: operations["deleteConnectionV4"];
        options?: never;
        head?: never;
        /** Change an upstream sign-in provider (a new secret or key replaces the stored one) */
        patch: operations["updateConnectionV4"];
        trace?: never;
    };
    "/v4/connections/{connectionId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test this connection: fetch the discovery document and the keys now (Apple: sign a client secret) */
        post: operations["postConnectionTestV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Upstream sign-in providers (Sign in with Apple, Google, any OpenID provider)
         * @description Without the /tenants/{tenantId} prefix: the platform's connections, offered at every brand (platform administrators). With it: the brand's own (its admins; a tenant that is not a brand gets 403 not_a_brand).
         */
        get: operations["listTenantConnectionsV4"];
        put?: never;
        /**
         * Add an upstream sign-in provider
         * @description Without the /tenants/{tenantId} prefix: the platform's connections, offered at every brand (platform administrators). With it: the brand's own (its admins; a tenant that is not a brand gets 403 not_a_brand). Secrets are sealed at rest and never returned.
         */
        post: operations["createTenantConnectionV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An upstream sign-in provider */
        get: operations["getTenantConnectionV4"];
        put?: never;
        post?: never;
        /** Delete an upstream sign-in provider (the identities linked through it go with it) */
        delete: operations["deleteTenantConnectionV4"];
        options?: never;
        head?: never;
        /** Change an upstream sign-in provider (a new secret or key replaces the stored one) */
        patch: operations["updateTenantConnectionV4"];
        trace?: never;
    };
    "/tenants/{tenantId}/v4/connections/{connectionId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test this connection: fetch the discovery document and the keys now (Apple: sign a client secret) */
        post: operations["postTenantConnectionTestV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/upstream/nonce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A nonce for native sign-in with a provider: single-use, for this client, 10 minutes
         * @description The app puts the nonce (or its SHA-256 in hex, as Apple's native API is usually given) in its request to Apple or Google, then exchanges the ID token at /auth/oauth2/token (grant_type urn:ietf:params:oauth:grant-type:token-exchange, subject_token_type urn:ietf:params:oauth:token-type:id_token).
         */
        post: operations["postAuthUpstreamNonce"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/current/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A copy of everything held about the signed-in person, as one JSON document (no secrets) */
        get: operations["exportCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/users/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the signed-in person's account (a sign-in at most RECENT_SIGN_IN_SECONDS old): sessions end, devices held alone are released, the personal tenant goes, a confirmation is mailed */
        delete: operations["deleteTenantCurrentUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/users/current/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A copy of everything held about the signed-in person, as one JSON document (no secrets) */
        get: operations["exportTenantCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/algorithms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Algorithm definitions as a plain array, at most 100 */
        get: operations["listAlgorithms"];
        put?: never;
        /** Register an algorithm definition (platform admin) */
        post: operations["createAlgorithm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/algorithms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Algorithm definitions, a cursor page (registration order) */
        get: operations["listAlgorithmsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/algorithms/{keyName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an algorithm definition */
        get: operations["getAlgorithm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spaces as a plain array (at most 100) */
        get: operations["listSpaces"];
        put?: never;
        /** Create a space (tenant admins); tenantId comes from the prefix or the body */
        post: operations["createSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spaces, a cursor page */
        get: operations["listSpacesV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a space */
        get: operations["getSpace"];
        put?: never;
        post?: never;
        /** Delete a space; 409 when it has children or sensors, unless cascade=true */
        delete: operations["deleteSpace"];
        options?: never;
        head?: never;
        /** Update a space (tenant admins) */
        patch: operations["updateSpace"];
        trace?: never;
    };
    "/spaces/{spaceId}/algorithms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The algorithms added to a space */
        get: operations["listSpaceAlgorithms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/algorithms/key/{keyName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A space's algorithm by keyName; 404 when not added */
        get: operations["getSpaceAlgorithm"];
        put?: never;
        /** Add an algorithm to a space, or replace its options (the body is the options object) */
        post: operations["setSpaceAlgorithm"];
        /** Remove an algorithm from a space (tenant admins) */
        delete: operations["deleteSpaceAlgorithm"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spaces as a plain array (at most 100) */
        get: operations["listTenantSpaces"];
        put?: never;
        /** Create a space (tenant admins); tenantId comes from the prefix or the body */
        post: operations["createTenantSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spaces, a cursor page */
        get: operations["listTenantSpacesV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/spaces/{spaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a space */
        get: operations["getTenantSpace"];
        put?: never;
        post?: never;
        /** Delete a space; 409 when it has children or sensors, unless cascade=true */
        delete: operations["deleteTenantSpace"];
        options?: never;
        head?: never;
        /** Update a space (tenant admins) */
        patch: operations["updateTenantSpace"];
        trace?: never;
    };
    "/tenants/{tenantId}/spaces/{spaceId}/algorithms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The algorithms added to a space */
        get: operations["listTenantSpaceAlgorithms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/spaces/{spaceId}/algorithms/key/{keyName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A space's algorithm by keyName; 404 when not added */
        get: operations["getTenantSpaceAlgorithm"];
        put?: never;
        /** Add an algorithm to a space, or replace its options (the body is the options object) */
        post: operations["setTenantSpaceAlgorithm"];
        /** Remove an algorithm from a space (tenant admins) */
        delete: operations["deleteTenantSpaceAlgorithm"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sensors as a plain array (at most 100) */
        get: operations["listSensors"];
        put?: never;
        /** Create a sensor (tenant admins); deviceId is unique within the tenant */
        post: operations["createSensor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/sensors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sensors, a cursor page (keyset on id; exact pageInfo and totalCount) */
        get: operations["listSensorsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a sensor */
        get: operations["getSensor"];
        put?: never;
        post?: never;
        /** Delete a sensor (tenant admins) */
        delete: operations["deleteSensor"];
        options?: never;
        head?: never;
        /** Update a sensor (tenant admins) */
        patch: operations["updateSensor"];
        trace?: never;
    };
    "/tenants/{tenantId}/sensors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sensors as a plain array (at most 100) */
        get: operations["listTenantSensors"];
        put?: never;
        /** Create a sensor (tenant admins); deviceId is unique within the tenant */
        post: operations["createTenantSensor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/sensors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sensors, a cursor page (keyset on id; exact pageInfo and totalCount) */
        get: operations["listTenantSensorsV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a sensor */
        get: operations["getTenantSensor"];
        put?: never;
        post?: never;
        /** Delete a sensor (tenant admins) */
        delete: operations["deleteTenantSensor"];
        options?: never;
        head?: never;
        /** Update a sensor (tenant admins) */
        patch: operations["updateTenantSensor"];
        trace?: never;
    };
    "/devices/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim a registered device into the tenant with the code printed on it (or its factory password); returns the sensor that presents it
         * @description Tenant admins (a customer owns their own tenant). 403 claim_refused for an unknown MAC, a wrong code and a device another tenant holds alike; 400 invalid_mac; 429 rate_limited after repeated failures per device and per account. Claiming a device the tenant already holds returns its sensor.
         */
        post: operations["postDevicesClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release the device (tenant admins): the sensor, its history and every way in go; live streams and MQTT sessions of it end
         * @description After a release the printed claim code and the factory password no longer prove possession: the next holder claims with the transfer code made before (POST .../transfer-code). The factory password stays off until the next holder switches it on.
         */
        post: operations["postSensorRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the device, with its sensor and history, to another tenant the caller administers */
        post: operations["postSensorTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/devices/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim a registered device into the tenant with the code printed on it (or its factory password); returns the sensor that presents it
         * @description Tenant admins (a customer owns their own tenant). 403 claim_refused for an unknown MAC, a wrong code and a device another tenant holds alike; 400 invalid_mac; 429 rate_limited after repeated failures per device and per account. Claiming a device the tenant already holds returns its sensor.
         */
        post: operations["postTenantDevicesClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release the device (tenant admins): the sensor, its history and every way in go; live streams and MQTT sessions of it end
         * @description After a release the printed claim code and the factory password no longer prove possession: the next holder claims with the transfer code made before (POST .../transfer-code). The factory password stays off until the next holder switches it on.
         */
        post: operations["postTenantSensorRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the device, with its sensor and history, to another tenant the caller administers */
        post: operations["postTenantSensorTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/scheduleGroups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A sensor's schedule groups (members); with includeScheduleItems=true, each with its timed commands */
        get: operations["listSensorScheduleGroups"];
        put?: never;
        /**
         * Add a schedule group of timed commands (tenant admins); each runs as its maker would send it by hand
         * @description At each cron time, in the group's time zone, every key of `value` is sent to the device as `<type> set <key> <value>` (power first), audited as `sensor.command` naming the schedule. An offline device's occurrence is recorded as missed, never queued.
         */
        post: operations["createSensorScheduleGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/scheduleGroups/{groupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a schedule group (tenant admins) */
        delete: operations["deleteSensorScheduleGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/scheduleGroups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A sensor's schedule groups (members); with includeScheduleItems=true, each with its timed commands */
        get: operations["listTenantSensorScheduleGroups"];
        put?: never;
        /**
         * Add a schedule group of timed commands (tenant admins); each runs as its maker would send it by hand
         * @description At each cron time, in the group's time zone, every key of `value` is sent to the device as `<type> set <key> <value>` (power first), audited as `sensor.command` naming the schedule. An offline device's occurrence is recorded as missed, never queued.
         */
        post: operations["createTenantSensorScheduleGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/scheduleGroups/{groupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a schedule group (tenant admins) */
        delete: operations["deleteTenantSensorScheduleGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create the device's MQTT password (admins of the tenant that claimed it); replaces any earlier one, which stops working at once, and switches the factory password off; shown once */
        post: operations["createSensorCredential"];
        /** Drop the device's MQTT password (tenant admins); its current MQTT session ends */
        delete: operations["deleteSensorCredentials"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/device-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every way in to the device: issued password, factory password and its switch, anonymous access, a waiting transfer code (admins of the tenant that holds it) */
        get: operations["getSensorDeviceAccess"];
        /**
         * Allow or forbid the device to connect without credentials (the device's brand or the platform; never the holding tenant)
         * @description RISK: with allowAnonymous true, anyone who can reach the broker and knows the MAC can publish this device's state and read its commands (the MAC is taken from the MQTT client id). Only for firmware that cannot send credentials. 403 for the tenant that holds the device; brands use PATCH /devices/{mac}. Turning it on for a device a customer holds is refused (409 device_held) and recorded in the holder's audit log.
         */
        put: operations["replaceSensorDeviceAccess"];
        post?: never;
        /** End every way in to the device at once (tenant admins): the issued password, the factory password's use, anonymous access; its MQTT sessions end */
        delete: operations["deleteSensorDeviceAccess"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/factory-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Switch the factory password's use for MQTT on or off (tenant admins)
         * @description On: whoever knows the factory password (the brand, a former holder, anyone who read it) can connect as the device; for firmware that knows no other password. Off after a release and once the holder issues credentials.
         */
        put: operations["replaceSensorFactoryPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/transfer-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make the one-time transfer code the next holder claims the device with after its release (tenant admins); shown once, replaces an earlier one */
        post: operations["postSensorTransferCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/command": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a command ("tune set <key> <value>") to the device, by sensor id or MAC (tenant members)
         * @description JSON {"command"} or a form field `command`. A device that is offline is refused with 409 device_offline.
         */
        post: operations["postSensorCommand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sensors/{sensorId}/commands/{commandId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A command and where it is: queued, sent, confirmed, expired or failed */
        get: operations["getSensorCommand"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/sensors/{sensorId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The device's state changes, a cursor page (kept for DEVICE_HISTORY_RETENTION_DAYS) */
        get: operations["getSensorHistoryV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create the device's MQTT password (admins of the tenant that claimed it); replaces any earlier one, which stops working at once, and switches the factory password off; shown once */
        post: operations["createTenantSensorCredential"];
        /** Drop the device's MQTT password (tenant admins); its current MQTT session ends */
        delete: operations["deleteTenantSensorCredentials"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/device-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every way in to the device: issued password, factory password and its switch, anonymous access, a waiting transfer code (admins of the tenant that holds it) */
        get: operations["getTenantSensorDeviceAccess"];
        /**
         * Allow or forbid the device to connect without credentials (the device's brand or the platform; never the holding tenant)
         * @description RISK: with allowAnonymous true, anyone who can reach the broker and knows the MAC can publish this device's state and read its commands (the MAC is taken from the MQTT client id). Only for firmware that cannot send credentials. 403 for the tenant that holds the device; brands use PATCH /devices/{mac}. Turning it on for a device a customer holds is refused (409 device_held) and recorded in the holder's audit log.
         */
        put: operations["replaceTenantSensorDeviceAccess"];
        post?: never;
        /** End every way in to the device at once (tenant admins): the issued password, the factory password's use, anonymous access; its MQTT sessions end */
        delete: operations["deleteTenantSensorDeviceAccess"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/factory-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Switch the factory password's use for MQTT on or off (tenant admins)
         * @description On: whoever knows the factory password (the brand, a former holder, anyone who read it) can connect as the device; for firmware that knows no other password. Off after a release and once the holder issues credentials.
         */
        put: operations["replaceTenantSensorFactoryPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/transfer-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make the one-time transfer code the next holder claims the device with after its release (tenant admins); shown once, replaces an earlier one */
        post: operations["postTenantSensorTransferCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/command": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a command ("tune set <key> <value>") to the device, by sensor id or MAC (tenant members)
         * @description JSON {"command"} or a form field `command`. A device that is offline is refused with 409 device_offline.
         */
        post: operations["postTenantSensorCommand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/sensors/{sensorId}/commands/{commandId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A command and where it is: queued, sent, confirmed, expired or failed */
        get: operations["getTenantSensorCommand"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/v4/sensors/{sensorId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The device's state changes, a cursor page (kept for DEVICE_HISTORY_RETENTION_DAYS) */
        get: operations["getTenantSensorHistoryV4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The brand's registered devices (the platform's without a tenant), newest first, at most 1000 */
        get: operations["listDevices"];
        put?: never;
        /**
         * Register a device the brand makes (brand admins; without a tenant: the platform); again by its registrant updates it
         * @description 409 device_registered when another brand registered the MAC; 400 invalid_mac, weak_device_secret, unsupported_sensor_type.
         */
        post: operations["createDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/devices/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register up to 1000 devices at once; each row reports created, updated, or its error */
        post: operations["postDevicesBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/devices/{mac}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Allow or forbid anonymous firmware for a registered device (its brand or the platform)
         * @description RISK: with allowAnonymous true, anyone who can reach the broker and knows the MAC can publish this device's state and read its commands. 404 for anyone but the brand and the platform.
         */
        patch: operations["updateDevice"];
        trace?: never;
    };
    "/tenants/{tenantId}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The brand's registered devices (the platform's without a tenant), newest first, at most 1000 */
        get: operations["listTenantDevices"];
        put?: never;
        /**
         * Register a device the brand makes (brand admins; without a tenant: the platform); again by its registrant updates it
         * @description 409 device_registered when another brand registered the MAC; 400 invalid_mac, weak_device_secret, unsupported_sensor_type.
         */
        post: operations["createTenantDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/devices/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register up to 1000 devices at once; each row reports created, updated, or its error */
        post: operations["postTenantDevicesBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/devices/{mac}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Allow or forbid anonymous firmware for a registered device (its brand or the platform)
         * @description RISK: with allowAnonymous true, anyone who can reach the broker and knows the MAC can publish this device's state and read its commands. 404 for anyone but the brand and the platform.
         */
        patch: operations["updateTenantDevice"];
        trace?: never;
    };
    "/ws/ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A single-use ticket (30 s) to open the live WebSocket at /ws?token=<ticket> */
        get: operations["getWsTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A brand's webhook endpoints (its admins), or the platform's without tenantId (platform administrators) */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint; its signing secret (whsec_…) is in this answer only
         * @description tenantId names a brand (its admins; a tenant that is not a brand gets 403 not_a_brand); null or absent: the platform (platform administrators). The URL is refused with webhook_target_refused when it is not https or resolves to a private, loopback, link-local or reserved address.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook endpoint */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint (its queued deliveries go with it) */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change a webhook endpoint's URL, event types or whether it is enabled */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/webhooks/{endpointId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret: the new one is in this answer only; the old one keeps signing beside it for a day */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event to this endpoint alone */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The endpoint's delivery log, newest first: event, attempts, status code, times, next retry */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{endpointId}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery's event to this endpoint again (a new delivery, same webhook-id) */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/auth/passwordlessLogin/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a login code (camelCase); data "ok" for known and unknown addresses alike */
        post: operations["postAuthPasswordlessLoginCodeV5"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Token exchange (camelCase): the same grants as /auth/oauth2/token */
        post: operations["postAuthTokenV5"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/auth/v4/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Password login through the configured v5 client (V5_CLIENT_ID): a top-level "Bearer ..." token; Not_Exist for a wrong email or password */
        post: operations["postAuthLoginV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/user/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["getUserMeV5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/users/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user with a permission per tenant */
        get: operations["getUsersCurrentV5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/tenant/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenants the caller belongs to, with parentTenantId (null for a brand) */
        get: operations["getTenantV5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/sensor/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tenant's sensors (or, without tenantId, every sensor the caller reads) */
        get: operations["getSensorV5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/sensor/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a sensor (tenant admins) */
        patch: operations["updateSensorV5"];
        trace?: never;
    };
    "/v5/smarthome/sensors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every sensor the caller reads, with its device state */
        get: operations["listSmarthomeSensorsV5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/data/{mac}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A device's latest full state by MAC; No_Data before it reported, Offline when it is offline */
        get: operations["getDataStatusV5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v5/sensor/{mac}/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a command ("tune set power 1") to a device by MAC; data "ok" once accepted */
        post: operations["createSensorCommandV5"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email/sender-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: the link of a sender confirmation email; a button that confirms */
        get: operations["getEmailSenderVerification"];
        put?: never;
        /** Confirm a tenant's sender address with the token mailed to it (JSON or form) */
        post: operations["postEmailSenderVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pages/pages.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The hosted pages' stylesheet */
        get: operations["getPagesPagesCss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pages/favicon.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The platform's icon (SVG) */
        get: operations["getPagesFaviconSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/favicon.ico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The platform's icon (SVG) */
        get: operations["getFaviconIco"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pages/passkey.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The hosted pages' passkey script */
        get: operations["listPagesPasskeyJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/login.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dev only: a script of the dev login pages */
        get: operations["listDevLoginJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/callback.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dev only: a script of the dev login pages */
        get: operations["listDevCallbackJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Starts a browser login with a client (PKCE made in the page) */
        get: operations["getDevLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The dev client's redirect URI: finishes a browser login or shows a link's code */
        get: operations["showDevCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/upstream/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The providers' redirect URI: finishes the sign-in, or asks for the emailed code first */
        get: operations["getAuthUpstreamCallback"];
        put?: never;
        /** Apple's form_post answer: keeps the name it sends once, then the same callback as a GET */
        post: operations["postAuthUpstreamCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email/sender-verification/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: confirms a tenant's sender address with the mailed token (the page's form) */
        post: operations["postEmailSenderVerificationConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization endpoint (RFC 6749): the hosted sign-in page; a browser signed in here goes straight back to the app (prompt, max_age) */
        get: operations["getAuthOauth2Authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/authorize/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in, step 1: email a login code (HTML form) */
        post: operations["postAuthOauth2AuthorizeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/authorize/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in, step 2: the typed code; redirects to the app (HTML form) */
        post: operations["postAuthOauth2AuthorizeCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/authorize/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The email's sign-in link: finishes in the browser that started, else shows the code */
        get: operations["getAuthOauth2AuthorizeLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/confirm-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: confirm an email address (link of the confirmation email) */
        get: operations["getConfirmEmail"];
        put?: never;
        /** Page: confirm an email address (form) */
        post: operations["postConfirmEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: choose a new password (link of the reset email) */
        get: operations["getResetPassword"];
        put?: never;
        /** Page: set the new password (form) */
        post: operations["postResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: ask for a password reset link */
        get: operations["getForgotPassword"];
        put?: never;
        /** Page: email a password reset link (form) */
        post: operations["postForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/locale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: choose the account's language (form) */
        post: operations["postAccountLocale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: the signed-in account (sign-in by code when signed out) */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: change the display name (form) */
        post: operations["postAccountProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: change the password (form) */
        post: operations["postAccountPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/passkeys/{passkeyId}/rename": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: rename a passkey (form) */
        post: operations["postAccountPasskeyRename"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/passkeys/{passkeyId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: delete a passkey (form) */
        post: operations["postAccountPasskeyDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: sign out here or everywhere (form) */
        post: operations["postAccountSignout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenID Connect end_session_endpoint: asks to sign out */
        get: operations["getAuthOauth2Logout"];
        put?: never;
        /** OpenID Connect end_session_endpoint: signs out, returns to a registered post_logout_redirect_uri */
        post: operations["postAuthOauth2Logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: download a copy of the signed-in person's data (JSON, as GET /users/current/export) */
        get: operations["getAccountExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: delete the account (asks to confirm; a fresh sign-in first) */
        get: operations["getAccountDelete"];
        put?: never;
        /** Page: delete the account (form) */
        post: operations["postAccountDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/delete/reauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: sign out, to sign in again before deleting the account (form) */
        post: operations["postAccountDeleteReauth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/accept/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: sign in as the invited address (signs out another account first); emails it a code (form) */
        post: operations["startInvitationSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/accept/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: accept the invitation as the signed-in invited address (form) */
        post: operations["confirmInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/authorize/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in with a passkey, step 1: the options (JSON) */
        post: operations["createAuthOauth2AuthorizePasskeyOption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/authorize/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in with a passkey, step 2: the assertion; answers where to go (JSON) */
        post: operations["postAuthOauth2AuthorizePasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Account page: options to add a passkey (JSON) */
        post: operations["createAccountPasskeysOption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Account page: add a passkey, the authenticator's answer (JSON) */
        post: operations["createAccountPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: the verification URI of the device authorization grant (RFC 8628); ?user_code= fills the code in */
        get: operations["showDeviceVerificationPage"];
        put?: never;
        /** Page: the typed user code; shows the app and its scopes to allow or deny (form) */
        post: operations["enterDeviceUserCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: allow or deny the device (form) */
        post: operations["decideDeviceAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/authorize/upstream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in with a brand's provider: begins the round trip (HTML form; redirects to the provider) */
        post: operations["postAuthOauth2AuthorizeUpstream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth2/authorize/upstream/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hosted sign-in with a provider: the address is proven with an emailed code before the provider is linked */
        get: operations["getAuthOauth2AuthorizeUpstreamCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Account page: the providers linked to the account */
        get: operations["listAccountProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/providers/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Account page: unlink a provider while another way in remains (HTML form) */
        post: operations["postAccountProvidersUnlink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization endpoint (RFC 6749): the hosted sign-in page; a browser signed in here goes straight back to the app (prompt, max_age) */
        get: operations["getTenantAuthOauth2Authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/authorize/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in, step 1: email a login code (HTML form) */
        post: operations["postTenantAuthOauth2AuthorizeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/authorize/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in, step 2: the typed code; redirects to the app (HTML form) */
        post: operations["postTenantAuthOauth2AuthorizeCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/authorize/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The email's sign-in link: finishes in the browser that started, else shows the code */
        get: operations["getTenantAuthOauth2AuthorizeLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/confirm-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: confirm an email address (link of the confirmation email) */
        get: operations["getTenantConfirmEmail"];
        put?: never;
        /** Page: confirm an email address (form) */
        post: operations["postTenantConfirmEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: choose a new password (link of the reset email) */
        get: operations["getTenantResetPassword"];
        put?: never;
        /** Page: set the new password (form) */
        post: operations["postTenantResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: ask for a password reset link */
        get: operations["getTenantForgotPassword"];
        put?: never;
        /** Page: email a password reset link (form) */
        post: operations["postTenantForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/locale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: choose the account's language (form) */
        post: operations["postTenantAccountLocale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: the signed-in account (sign-in by code when signed out) */
        get: operations["getTenantAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: change the display name (form) */
        post: operations["postTenantAccountProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: change the password (form) */
        post: operations["postTenantAccountPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/passkeys/{passkeyId}/rename": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: rename a passkey (form) */
        post: operations["postTenantAccountPasskeyRename"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/passkeys/{passkeyId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: delete a passkey (form) */
        post: operations["postTenantAccountPasskeyDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: sign out here or everywhere (form) */
        post: operations["postTenantAccountSignout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenID Connect end_session_endpoint: asks to sign out */
        get: operations["getTenantAuthOauth2Logout"];
        put?: never;
        /** OpenID Connect end_session_endpoint: signs out, returns to a registered post_logout_redirect_uri */
        post: operations["postTenantAuthOauth2Logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: download a copy of the signed-in person's data (JSON, as GET /users/current/export) */
        get: operations["getTenantAccountExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: delete the account (asks to confirm; a fresh sign-in first) */
        get: operations["getTenantAccountDelete"];
        put?: never;
        /** Page: delete the account (form) */
        post: operations["postTenantAccountDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/delete/reauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: sign out, to sign in again before deleting the account (form) */
        post: operations["postTenantAccountDeleteReauth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: an invitation (link of the invitation email); sign in and accept from here */
        get: operations["showTenantInvitationPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/invitations/accept/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: sign in as the invited address (signs out another account first); emails it a code (form) */
        post: operations["startTenantInvitationSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/invitations/accept/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: accept the invitation as the signed-in invited address (form) */
        post: operations["confirmTenantInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/authorize/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in with a passkey, step 1: the options (JSON) */
        post: operations["createTenantAuthOauth2AuthorizePasskeyOption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/authorize/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in with a passkey, step 2: the assertion; answers where to go (JSON) */
        post: operations["postTenantAuthOauth2AuthorizePasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Account page: options to add a passkey (JSON) */
        post: operations["createTenantAccountPasskeysOption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Account page: add a passkey, the authenticator's answer (JSON) */
        post: operations["createTenantAccountPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page: the verification URI of the device authorization grant (RFC 8628); ?user_code= fills the code in */
        get: operations["showTenantDeviceVerificationPage"];
        put?: never;
        /** Page: the typed user code; shows the app and its scopes to allow or deny (form) */
        post: operations["enterTenantDeviceUserCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/device/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Page: allow or deny the device (form) */
        post: operations["decideTenantDeviceAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/authorize/upstream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hosted sign-in with a brand's provider: begins the round trip (HTML form; redirects to the provider) */
        post: operations["postTenantAuthOauth2AuthorizeUpstream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/auth/oauth2/authorize/upstream/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hosted sign-in with a provider: the address is proven with an emailed code before the provider is linked */
        get: operations["getTenantAuthOauth2AuthorizeUpstreamCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Account page: the providers linked to the account */
        get: operations["listTenantAccountProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/account/providers/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Account page: unlink a provider while another way in remains (HTML form) */
        post: operations["postTenantAccountProvidersUnlink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/console.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's stylesheet */
        get: operations["getConsoleConsoleCss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/console.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's script: live previews (the pages work without it) */
        get: operations["listConsoleConsoleJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: a tenant at a glance */
        get: operations["getConsoleTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/brand": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the brand's look, sender and sign-up */
        get: operations["getConsoleTenantBrand"];
        put?: never;
        /** Console: save the brand's look, sender and sign-up (form) */
        post: operations["postConsoleTenantBrand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/brand/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the hosted sign-in page in the saved or typed look, for the preview frame */
        get: operations["getConsoleTenantBrandPreview"];
        put?: never;
        /** Console: the unsaved brand form rendered as the hosted sign-in page into the preview frame; nothing is saved */
        post: operations["postConsoleTenantBrandPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the emails and their types */
        get: operations["listConsoleTenantEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/emails/{emailType}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: one email's texts in one language (`?locale=`) with a live preview and the saved versions */
        get: operations["getConsoleTenantEmail"];
        put?: never;
        /** Console: save one email's texts in one language, keeping the others (unknown placeholders are refused, naming them) (form) */
        post: operations["setConsoleTenantEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/emails/{emailType}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: send the saved email, in the form's language, to the admin's own address (form) */
        post: operations["postConsoleTenantEmailTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/emails/{emailType}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: restore a saved version of the email settings and branding (a new version, with the checks of a save) (form) */
        post: operations["postConsoleTenantEmailVersionRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/emails/{emailType}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the saved email as HTML in one language (`?locale=`), for the preview frame */
        get: operations["getConsoleTenantEmailPreview"];
        put?: never;
        /** Console: the unsaved form rendered as HTML into the preview frame; nothing is saved */
        post: operations["postConsoleTenantEmailPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/emails/{emailType}/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: the unsaved form's subject, text and problems (JSON for the live preview); nothing is saved */
        post: operations["postConsoleTenantEmailDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: members, roles and invitations */
        get: operations["getConsoleTenantPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: customers, searched by address, a page at a time */
        get: operations["listConsoleTenantCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/people/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: invite someone by email (form) */
        post: operations["createConsoleTenantPeopleInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/people/invitations/{invitationId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: revoke an invitation (form) */
        post: operations["postConsoleTenantPeopleInvitationRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/people/invitations/{invitationId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: send an invitation again (a new link; the old one stops working) (form) */
        post: operations["postConsoleTenantPeopleInvitationResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/people/members/{userId}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: change a member's role (form) */
        post: operations["postConsoleTenantPeopleMemberRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/people/members/{userId}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: remove a member: the page that asks first */
        get: operations["getConsoleTenantPeopleMemberRemove"];
        put?: never;
        /** Console: remove a member (form) */
        post: operations["postConsoleTenantPeopleMemberRemove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/person/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: a person's page: who they are, where they sign in, their tenants, devices and sessions */
        get: operations["getConsoleTenantPerson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/person/{userId}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: block a person: every session ends, no sign-in or refresh until unblocked (form) */
        post: operations["postConsoleTenantPersonBlock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/person/{userId}/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: unblock a person (form) */
        post: operations["postConsoleTenantPersonUnblock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/person/{userId}/confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: send the address confirmation again (an account not yet confirmed) (form) */
        post: operations["postConsoleTenantPersonConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/person/{userId}/sessions/{sessionId}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: end one of a person's sessions (its tokens stop at once) (form) */
        post: operations["postConsoleTenantPersonSessionEnd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/person/{userId}/sessions/end-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: end every session of a person that is the brand's (form) */
        post: operations["postConsoleTenantPersonSessionsEndAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/person/{userId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: delete a person's account: the page that asks first */
        get: operations["getConsoleTenantPersonDelete"];
        put?: never;
        /** Console: delete a person's account (as their own deletion does) (form) */
        post: operations["postConsoleTenantPersonDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the sign-in log: attempts and outcomes, searched by address, a page at a time */
        get: operations["listConsoleTenantSignIns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/people/members/{userId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: a person's open sign-in sessions (admins) */
        get: operations["listConsoleTenantPeopleMemberSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/people/members/{userId}/sessions/{sessionId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: end one of a person's sign-in sessions (its tokens stop at once) (form) */
        post: operations["postConsoleTenantPeopleMemberSessionRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the tenant's OAuth clients */
        get: operations["listConsoleTenantApps"];
        put?: never;
        /** Console: register an OAuth client for the tenant (its brand's admins, platform administrators) (form) */
        post: operations["createConsoleTenantApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/apps/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the secret a form just made, shown once (read again: it was shown already) */
        get: operations["getConsoleTenantAppsSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/apps/{clientId}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: change a client's redirect URIs, CORS origins and scopes (form) */
        post: operations["postConsoleTenantAppEdit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/apps/{clientId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: give a confidential client a new secret (shown once) (form) */
        post: operations["postConsoleTenantAppRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/apps/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: an app's page: issuer, discovery URL, URIs, grant types, lifetimes, scopes and a quick start */
        get: operations["getConsoleTenantApp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/apps/{clientId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: delete a client: the page that asks first */
        get: operations["getConsoleTenantAppDelete"];
        put?: never;
        /** Console: delete a client (its sessions end) (form) */
        post: operations["postConsoleTenantAppDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: devices, online now, last state; a brand's registered devices searched by MAC, a hundred at a time */
        get: operations["listConsoleTenantDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/devices/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: register one of the brand's devices (its admins) (form) */
        post: operations["postConsoleTenantDevicesRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/devices/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: register the brand's devices from CSV or JSON (its admins) (form) */
        post: operations["postConsoleTenantDevicesImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/devices/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the MQTT password a form just made, shown once (read again: it was shown already) */
        get: operations["listConsoleTenantDevicesCredentials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/devices/{sensorId}/command": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: send a command to a device (form) */
        post: operations["postConsoleTenantDeviceCommand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/devices/{sensorId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: delete a device: the page that asks first */
        get: operations["getConsoleTenantDeviceDelete"];
        put?: never;
        /** Console: delete a device (a claimed one is released) (form) */
        post: operations["postConsoleTenantDeviceDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/devices/{sensorId}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: give a device a new MQTT password (its current connection ends) (form) */
        post: operations["createConsoleTenantDeviceCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the brand's webhook endpoints */
        get: operations["listConsoleTenantWebhooks"];
        put?: never;
        /** Console: add a webhook endpoint for the brand (its admins; the secret is shown once) (form) */
        post: operations["createConsoleTenantWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/webhooks/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the signing secret a form just made, shown once (read again: it was shown already) */
        get: operations["getConsoleTenantWebhooksSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/webhooks/{endpointId}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: enable or disable a webhook endpoint (form) */
        post: operations["postConsoleTenantWebhookEnabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/webhooks/{endpointId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: give a webhook endpoint a new signing secret (shown once; the old one signs beside it for a day) (form) */
        post: operations["postConsoleTenantWebhookRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/webhooks/{endpointId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: delete a webhook endpoint: the page that asks first */
        get: operations["getConsoleTenantWebhookDelete"];
        put?: never;
        /** Console: delete a webhook endpoint (its queued deliveries go with it) (form) */
        post: operations["postConsoleTenantWebhookDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/webhooks/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: a webhook endpoint's delivery log */
        get: operations["getConsoleTenantWebhook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/webhooks/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: send a test event to a webhook endpoint (form) */
        post: operations["postConsoleTenantWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/webhooks/{endpointId}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: queue a delivery's event again for its endpoint (form) */
        post: operations["postConsoleTenantWebhookDeliveryResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: how the brand offers passkeys, and its native apps */
        get: operations["listConsoleTenantPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/passkeys/mode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: choose how the brand offers passkeys (its admins) (form) */
        post: operations["postConsoleTenantPasskeysMode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/passkeys/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: register one of the brand's native apps (its admins) (form) */
        post: operations["createConsoleTenantPasskeysApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/passkeys/apps/{appId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: remove one of the brand's native apps (its admins) (form) */
        post: operations["postConsoleTenantPasskeysAppDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the brand's upstream sign-in providers (Apple, Google, any OpenID provider) */
        get: operations["listConsoleTenantProviders"];
        put?: never;
        /** Console: add a sign-in provider for the brand (its admins; the secret or key is sealed, never shown again) (form) */
        post: operations["createConsoleTenantProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/providers/{connectionId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: test a sign-in provider: its discovery and keys, fetched now (form) */
        post: operations["postConsoleTenantProviderTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/providers/{connectionId}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: turn a sign-in provider on or off (form) */
        post: operations["postConsoleTenantProviderEnabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/providers/{connectionId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: delete a sign-in provider: the page that asks first */
        get: operations["getConsoleTenantProviderDelete"];
        put?: never;
        /** Console: delete a sign-in provider (its linked identities go with it) (form) */
        post: operations["postConsoleTenantProviderDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/platform/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the platform's sign-in providers, offered at every brand (platform administrators) */
        get: operations["listConsolePlatformProviders"];
        put?: never;
        /** Console: add a sign-in provider for every brand (the secret or key is sealed, never shown again) (form) */
        post: operations["createConsolePlatformProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/platform/providers/{connectionId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: test one of the platform's sign-in providers (form) */
        post: operations["postConsolePlatformProviderTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/platform/providers/{connectionId}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Console: turn one of the platform's sign-in providers on or off (form) */
        post: operations["postConsolePlatformProviderEnabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/platform/providers/{connectionId}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: delete one of the platform's sign-in providers: the page that asks first */
        get: operations["getConsolePlatformProviderDelete"];
        put?: never;
        /** Console: delete one of the platform's sign-in providers (form) */
        post: operations["postConsolePlatformProviderDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/tenants/{tenantId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: the audit log: who changed what, filtered by action, actor and date, a page at a time */
        get: operations["getConsoleTenantAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/platform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: tenants, signing keys and outbox status (platform administrators) */
        get: operations["getConsolePlatform"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: sign in, then pick a tenant (under a brand's prefix, its hosted login) */
        get: operations["getConsole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenants/{tenantId}/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console: sign in, then pick a tenant (under a brand's prefix, its hosted login) */
        get: operations["getTenantConsole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/mailbox/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dev mailbox messages as JSON, newest first */
        get: operations["listDevMailboxMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dev mailbox page */
        get: operations["showDevMailbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/mailbox/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One dev mailbox message as rendered HTML */
        get: operations["showDevMailboxMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/mailbox/{id}/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One dev mailbox message as plain text */
        get: operations["getDevMailboxMessageText"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "user.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An account signed up (with a login code) under a tenant of the brand */
        post: operations["onUserCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An account was deleted, with its memberships and sessions */
        post: operations["onUserDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "member.added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An account became a member of the tenant (an invitation accepted) */
        post: operations["onMemberAdded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "member.removed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A member was removed from the tenant */
        post: operations["onMemberRemoved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "device.claimed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A device was claimed into the tenant */
        post: operations["onDeviceClaimed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "device.released": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The tenant released the device (its sensor and history are gone) */
        post: operations["onDeviceReleased"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "device.transferred": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The device moved to this tenant (tenantId) from another */
        post: operations["onDeviceTransferred"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "device.online": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The device reported itself online */
        post: operations["onDeviceOnline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "device.offline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The device went offline (its own message, or its will message) */
        post: operations["onDeviceOffline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "device.state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The device reported its state: at most one per device per second, carrying the latest state of that second */
        post: operations["onDeviceState"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "command.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A command's value showed in the device's state */
        post: operations["onCommandConfirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "command.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A command passed its deadline unconfirmed */
        post: operations["onCommandExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "schedule.ran": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A schedule item ran (or was missed or refused) */
        post: operations["onScheduleRan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Error */
        Error: {
            /** @enum {boolean} */
            success: false;
            code: components["schemas"]["ErrorCode"];
            message: string;
            details?: {
                field: string;
                message: string;
            }[];
        };
        /** @description RFC 6749 error */
        OAuthError: {
            error: components["schemas"]["OAuthErrorCode"];
            error_description: string;
        };
        NotReady: {
            /** @enum {boolean} */
            success: false;
            /** @enum {string} */
            code: "not_ready";
            message: string;
            checks: {
                [key: string]: {
                    status: "ok" | "failing" | "degraded";
                    message?: string;
                };
            };
        };
        EmailTypeTexts: {
            subject?: string | {
                [key: string]: string;
            } | null;
            title?: string | {
                [key: string]: string;
            } | null;
            contentBeforeCta?: string | {
                [key: string]: string;
            } | null;
            ctaLabel?: string | {
                [key: string]: string;
            } | null;
            ctaLink?: string | {
                [key: string]: string;
            } | null;
            contentAfterCta?: string | {
                [key: string]: string;
            } | null;
            footerTitle?: string | {
                [key: string]: string;
            } | null;
        };
        EmailConfig: {
            template?: {
                buttonColor?: string | null;
                textColor?: string | null;
            } | null;
            emailTypeConfig?: {
                [key: string]: components["schemas"]["EmailTypeTexts"] | null;
            } | null;
        };
        CreateTenant: {
            name: string;
            parentTenantId?: number | null;
            /** @description a chosen id (importing a tenant that apps have built in); 409 when taken */
            id?: number;
            emailAddress?: string | null;
            address?: string | null;
            phoneNumber?: string | null;
            logoUrl?: string | null;
            zipCode?: string | null;
            countryCode?: string | null;
            senderEmail?: string | null;
            timeZone?: string | null;
            defaultLocale?: string | null;
            /** @description Who may sign up under this tenant: closed (nobody; the default), customers (a new user belongs to it as a customer and gets a personal child tenant), members (joins as a member) */
            signup?: "closed" | "customers" | "members";
            emailConfig?: components["schemas"]["EmailConfig"];
            /** @description platform administrators only: mark a tenant under another as a brand (its own look, texts, links and sign-up); a tenant with no parent is always one */
            brand?: boolean;
            /** @description platform administrators only: domains (exact host names) this tenant's email links may send a token to, besides its apps' redirect origins */
            linkDomains?: string[];
        };
        Tenant: {
            id: number;
            name: string;
            logoUrl: string | null;
            parentTenantId: number | null;
            emailAddress?: string | null;
            address?: string | null;
            phoneNumber?: string | null;
            zipCode?: string | null;
            countryCode?: string | null;
            senderEmail?: string | null;
            timeZone?: string | null;
            defaultLocale?: string | null;
            /** @description Who may sign up under this tenant: closed (nobody; the default), customers (a new user belongs to it as a customer and gets a personal child tenant), members (joins as a member) */
            signup?: "closed" | "customers" | "members";
            /** @description whether the tenant is a brand: it lends its own look, texts, links and sign-up; any other tenant wears its brand's */
            brand?: boolean;
            linkDomains?: string[];
            emailConfig?: {
                template?: {
                    buttonColor?: string;
                    textColor?: string;
                };
                emailTypeConfig?: {
                    [key: string]: {
                        [key: string]: string | {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** Format: date-time */
            createdAt?: string;
            /** Format: date-time */
            updatedAt?: string;
        };
        /**
         * @description stable snake_case error code (lib/error-catalog.ts)
         * @enum {string}
         */
        ErrorCode: "bad_request" | "invalid_json" | "empty_json_body" | "invalid_url" | "method_not_allowed" | "not_acceptable" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "json_too_deep" | "route_not_found" | "internal_error" | "not_ready" | "invalid_value" | "conflict" | "validation_failed" | "unauthorized" | "insufficient_scope" | "forbidden" | "not_a_brand" | "not_found" | "rate_limited" | "invalid_token" | "webhook_target_refused" | "weak_password" | "no_password_set" | "user_exists" | "invalid_cursor" | "invalid_limit" | "invalid_pagination" | "invalid_code_challenge_method" | "invalid_client" | "redirect_uri_mismatch" | "unauthorized_client" | "invalid_scope" | "pkce_required" | "client_id_required" | "client_id_taken" | "public_client" | "invalid_tenant" | "signing_key_unavailable" | "invalid_parent" | "tenant_id_taken" | "tenant_id_retired" | "last_owner" | "already_member" | "sole_owner" | "insufficient_user_authentication" | "account_blocked" | "invitation_email_mismatch" | "email_type_not_customisable" | "space_not_empty" | "algorithm_exists" | "invalid_space" | "device_id_taken" | "device_id_fixed" | "unsupported_sensor_type" | "invalid_mac" | "weak_device_secret" | "claim_refused" | "device_not_claimed" | "device_registered" | "device_held" | "invalid_command" | "device_offline" | "broker_unavailable" | "passkey_challenge_unknown" | "passkey_refused" | "passkeys_off" | "invalid_issuer" | "invalid_apple_key" | "upstream_refused" | "upstream_signup_closed" | "last_way_in" | "csrf_failed" | "signed_out" | "authorization_expired" | "wrong_code" | "invalid_email" | "invalid_link" | "too_many_attempts" | "no_account" | "mail_budget_spent";
        PageInfo: {
            hasNextPage: boolean;
            hasPreviousPage: boolean;
            startCursor: string | null;
            endCursor: string | null;
        };
        TenantPage: {
            edges: {
                node: components["schemas"]["Tenant"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        UpdateTenant: {
            name?: string;
            emailAddress?: string | null;
            address?: string | null;
            phoneNumber?: string | null;
            logoUrl?: string | null;
            zipCode?: string | null;
            countryCode?: string | null;
            senderEmail?: string | null;
            timeZone?: string | null;
            defaultLocale?: string | null;
            /** @description Who may sign up under this tenant: closed (nobody; the default), customers (a new user belongs to it as a customer and gets a personal child tenant), members (joins as a member) */
            signup?: "closed" | "customers" | "members";
            emailConfig?: components["schemas"]["EmailConfig"];
            /** @description platform administrators only: mark a tenant under another as a brand (its own look, texts, links and sign-up); a tenant with no parent is always one */
            brand?: boolean;
            /** @description platform administrators only: domains (exact host names) this tenant's email links may send a token to, besides its apps' redirect origins */
            linkDomains?: string[];
        };
        Member: {
            userId: number;
            email: string;
            username: string;
            displayName: string | null;
            role: "owner" | "admin" | "member" | "customer";
            /** Format: date-time */
            joinedAt: string;
        };
        MemberPage: {
            edges: {
                node: components["schemas"]["Member"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        SettingsVersion: {
            /** @description numbered per tenant from 1 */
            version: number;
            actor: {
                /** @description user, client or operator */
                kind: string;
                id: string | null;
            };
            /** Format: date-time */
            createdAt: string;
            /** @description the fields this version changed */
            changed: string[];
            restoredFrom: number | null;
            /** @description the settings after the change: name, emailAddress, address, phoneNumber, logoUrl, zipCode, countryCode, senderEmail, timeZone, defaultLocale, emailConfig */
            settings: {
                [key: string]: unknown;
            };
        };
        SettingsVersionPage: {
            edges: {
                node: components["schemas"]["SettingsVersion"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        AuditEntry: {
            id: number;
            /** Format: date-time */
            at: string;
            actor: {
                /** @description user, client (a machine token: a machine client's or an app's), operator (the CLI) or anonymous */
                kind: string;
                id: string | null;
            };
            tenantId: number | null;
            /**
             * @description a stable dotted name, e.g. tenant.update, member.add, client.secret.rotate
             * @example tenant.update
             */
            action: string;
            target: {
                type: string;
                id: string | null;
            };
            sourceIp: string | null;
            summary: {
                /** @description the fields the change set */
                fields?: string[];
                /** @description values of fields safe to show; never a secret, token, code or text */
                values?: {
                    [key: string]: string | number | boolean | null;
                };
            };
        };
        AuditEntryPage: {
            edges: {
                node: components["schemas"]["AuditEntry"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        CreateOAuthClient: {
            name: string;
            redirectUris: string[];
            public?: boolean;
            /** @description the grants the client may use, each of authorization_code, refresh_token, client_credentials, password, urn:ietf:params:oauth:grant-type:device_code, urn:ietf:params:oauth:grant-type:token-exchange; default: authorization_code (a machine client: client_credentials). A client gets the device authorization grant (RFC 8628) only with urn:ietf:params:oauth:grant-type:device_code here */
            grantTypes?: string[];
            /** @description default: every scope (account, tenants:*, spaces:*, sensors:*) */
            scopes?: string[];
            tenantId?: number | null;
            /**
             * @description a chosen client_id (importing an app that has one built in)
             * @example 83f34a5fa5faca9023c78980a57a87b41f6972fc4ee45e9c
             */
            clientId?: string;
            /**
             * @description the secret a confidential app already ships with (import); otherwise generated
             * @example the-secret-the-app-ships-with
             */
            clientSecret?: string;
            /** @description off by default; e.g. 7776000 (90 days) for an imported app that never refreshes */
            longLivedAccessTokenSeconds?: number | null;
            /** @description CORS origins (https://app.example); default: the origins of the redirect URIs */
            allowedOrigins?: string[];
            /** @description the JWS algorithm of the client's ID tokens (OpenID Connect id_token_signed_response_alg); default RS256 */
            idTokenSignedResponseAlg?: "RS256" | "ES256";
            /** @description a machine client, for automation (a person makes it, for the platform or a brand): confidential, client_credentials only, no redirect URIs; default scopes: every scope but account that the maker holds */
            machine?: boolean;
        };
        OAuthClient: {
            clientId: string;
            /** @description shown once, at creation, for confidential clients */
            clientSecret?: string;
            name: string;
            public: boolean;
            redirectUris: string[];
            grantTypes: string[];
            scopes: string[];
            tenantId: number | null;
            /** @description access token lifetime when a token request sends makeAccessTokenLongLasting; null: off */
            longLivedAccessTokenSeconds: number | null;
            /** @description browser origins CORS allows for this client */
            allowedOrigins: string[];
            /** @description the JWS algorithm of the client's ID tokens (OpenID Connect id_token_signed_response_alg); default RS256 */
            idTokenSignedResponseAlg: "RS256" | "ES256";
            /** @description a machine client: its client_credentials tokens act as its brand's admin, or the platform's, would (docs/api.md "Machine clients") */
            machine: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        OAuthClientPage: {
            edges: {
                node: components["schemas"]["OAuthClient"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        /** @description the tenant, kind and grants of a client never change */
        UpdateOAuthClient: {
            name?: string;
            redirectUris?: string[];
            allowedOrigins?: string[] | null;
            scopes?: string[];
            /** @description the JWS algorithm of the client's ID tokens (OpenID Connect id_token_signed_response_alg); default RS256 */
            idTokenSignedResponseAlg?: "RS256" | "ES256";
        };
        SuccessMessage: {
            /** @enum {boolean} */
            success: true;
            message: string;
        };
        /** @description Unknown parameters (e.g. makeAccessTokenLongLasting) are ignored. */
        TokenRequest: {
            /** @description authorization_code, refresh_token, client_credentials, password, urn:ietf:params:oauth:grant-type:device_code or urn:ietf:params:oauth:grant-type:token-exchange (an upstream ID token: docs/api.md) */
            grant_type?: string;
            code?: string;
            code_verifier?: string;
            redirect_uri?: string;
            client_id?: string;
            client_secret?: string;
            refresh_token?: string;
            scope?: string;
            username?: string;
            password?: string;
            /** @description The device_code grant (RFC 8628 3.4): the device code the device authorization endpoint gave */
            device_code?: string;
            /** @description token exchange: the upstream ID token */
            subject_token?: string;
            /** @description token exchange: urn:ietf:params:oauth:token-type:id_token */
            subject_token_type?: string;
        };
        TokenResponse: {
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            expires_in: number;
            refresh_token?: string;
            scope?: string;
            /** @description OpenID Connect ID token, when the openid scope was asked for */
            id_token?: string;
        };
        /**
         * @description RFC 6749 5.2 error code, or rate_limited
         * @enum {string}
         */
        OAuthErrorCode: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "server_error" | "temporarily_unavailable" | "rate_limited" | "authorization_pending" | "slow_down" | "access_denied" | "expired_token";
        LoginCodeRequest: {
            /** Format: email */
            email: string;
            /** @description Optional: left out, the client is the one client whose registered redirect URIs match redirect_uri (400 client_id_required when none or several do) */
            client_id?: string;
            redirect_uri: string;
            code_challenge?: string;
            /** @description S256 or sha256 (= S256); plain is refused */
            code_challenge_method?: string;
            /** @description The scopes the token should carry, within the client's; absent: the client's defaults */
            scope?: string;
            /**
             * @description The locale of an account the code signs up, and of the email when the address's account has none; absent: the Accept-Language header's first language
             * @example nl-NL
             */
            locale?: string;
        };
        /** @description Unknown parameters are ignored. */
        DeviceAuthorizationRequest: {
            /** @description The client; or its Basic credentials (client_secret_basic) */
            client_id?: string;
            /** @description client_secret_post, for a confidential client */
            client_secret?: string;
            /** @description The scopes the tokens should carry, within the client's; absent: the client's defaults */
            scope?: string;
        };
        DeviceAuthorizationResponse: {
            /** @description The device polls the token endpoint with it (grant_type urn:ietf:params:oauth:grant-type:device_code) */
            device_code: string;
            /** @description What the person types on the verification page: 8 letters shown as XXXX-XXXX */
            user_code: string;
            /** @description The issuer's hosted page where the person types the user code */
            verification_uri: string;
            /** @description The same page with the user code filled in (for a QR code) */
            verification_uri_complete: string;
            /** @description Seconds the codes live */
            expires_in: number;
            /** @description Least seconds between two polls */
            interval: number;
        };
        SignIn: {
            id: number;
            /** Format: date-time */
            at: string;
            /**
             * @description code_sent; held_back (a limit kept the code from going: `detail` says which); not_signed_up (no account there and the tenant signs nobody up); code_wrong; code_expired; code_reused (a code presented again); signed_in; refreshed; refused_blocked (the person is blocked)
             * @example code_sent
             * @example held_back
             * @example not_signed_up
             * @example code_wrong
             * @example code_expired
             * @example code_reused
             * @example signed_in
             * @example refreshed
             * @example refused_blocked
             */
            outcome: string;
            detail: string | null;
            email: string | null;
            userId: number | null;
            clientId: string | null;
            network: string | null;
            tenantId: number | null;
        };
        SignInPage: {
            edges: {
                node: components["schemas"]["SignIn"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        CurrentUser: {
            user: {
                id: number;
                username: string;
                email: string;
                displayName: string | null;
                emailConfirmed: boolean;
                tenants: {
                    id: number;
                    name: string;
                    role: string;
                    parentTenantId: number | null;
                }[];
                /** @description the tenant the user belongs to; null for a platform user */
                tenantId: number | null;
                /** @description the BCP 47 locale emails and pages speak to the user in; null: not set (the brand's default, else English) */
                locale: string | null;
            };
        };
        Person: {
            id: number;
            email: string;
            username: string;
            displayName: string | null;
            locale: string | null;
            /**
             * Format: date-time
             * @description when they signed up
             */
            createdAt: string;
            emailConfirmedAt: string | null;
            blockedAt: string | null;
            tenantId: number | null;
            /** @description the tenants the person is in, as far as the brand may see: the brand and the tenants under it */
            tenants: {
                id: number;
                name: string;
                role: string;
                parentTenantId: number | null;
            }[];
        };
        Passkey: {
            id: number;
            name: string;
            /** @description the authenticator's kind from its AAGUID where known (e.g. iCloud Keychain); null: unknown */
            kind: string | null;
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
        };
        PasskeyAttestation: {
            /** @description the credential id */
            id: string;
            /** @description the credential id */
            rawId: string;
            /** @enum {string} */
            type: "public-key";
            authenticatorAttachment?: "platform" | "cross-platform";
            /** @description the client's extension outputs (ignored) */
            clientExtensionResults: {
                [key: string]: unknown;
            };
            response: {
                /** @description client data */
                clientDataJSON: string;
                /** @description the attestation object (format none is enough) */
                attestationObject: string;
                transports?: string[];
                /** @description authenticator data */
                authenticatorData?: string;
                /** @description public key (SPKI) */
                publicKey?: string;
                publicKeyAlgorithm?: number;
            };
        };
        /** @description PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3): pass to navigator.credentials.create or the platform API */
        PasskeyCreationOptions: {
            challenge: string;
            rp: {
                id?: string;
                name: string;
            };
            user: {
                id: string;
                name: string;
                displayName: string;
            };
        } & {
            [key: string]: unknown;
        };
        PasskeySignInRequest: {
            /** @description left out, the client is the one whose redirect URIs match redirect_uri */
            client_id?: string;
            redirect_uri: string;
            code_challenge?: string;
            /** @description S256 */
            code_challenge_method?: string;
            scope?: string;
        };
        /** @description PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3): pass to navigator.credentials.get or the platform API */
        PasskeyRequestOptions: {
            challenge: string;
            rpId?: string;
            userVerification?: string;
        } & {
            [key: string]: unknown;
        };
        PasskeyAssertion: {
            /** @description the credential id */
            id: string;
            /** @description the credential id */
            rawId: string;
            /** @enum {string} */
            type: "public-key";
            authenticatorAttachment?: "platform" | "cross-platform";
            /** @description the client's extension outputs (ignored) */
            clientExtensionResults: {
                [key: string]: unknown;
            };
            response: {
                /** @description client data */
                clientDataJSON: string;
                /** @description authenticator data */
                authenticatorData: string;
                /** @description the signature */
                signature: string;
                /** @description the account's opaque handle */
                userHandle?: string;
            };
        };
        PasskeyLoginCode: {
            /** @description a login code, exchanged at /auth/oauth2/token like a mailed one */
            code: string;
        };
        PasskeyPolicy: {
            /** @description offered (the default): the sign-in button, autofill and the API pair; suggested: offered, and a person signed in by code without a passkey is asked to add one; off: no passkey signs in or is added (the emailed code remains) */
            mode: "off" | "offered" | "suggested";
        };
        NativeApp: {
            id: number;
            platform: "apple" | "android";
            /** @description Apple: TEAMID.bundle.id; Android: the package name */
            appId: string;
            /** @description Android: the signing certificates; Apple: empty */
            sha256Fingerprints: string[];
            /** Format: date-time */
            createdAt: string;
        };
        NativeAppRequest: {
            /** @enum {string} */
            platform: "apple";
            /** @description the Apple developer team id */
            teamId: string;
            bundleId: string;
        } | {
            /** @enum {string} */
            platform: "android";
            packageName: string;
            sha256Fingerprints: string[];
        };
        UpstreamConnection: {
            id: number;
            tenantId: number | null;
            kind: "oidc" | "google" | "apple";
            /** @description shown on the sign-in button ("Continue with <name>") */
            name: string;
            issuer: string;
            clientId: string;
            /** @description a client secret (oidc, google) or private key (apple) is stored, sealed; it is never returned */
            hasSecret: boolean;
            teamId: string | null;
            keyId: string | null;
            scopes: string[];
            /** @description native apps' client ids accepted as the audience at the token exchange */
            appIds: string[];
            enabled: boolean;
            /** @description the redirect URI to register at the provider */
            redirectUri: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Sensor: {
            id: number;
            tenantId: number;
            deviceId: string;
            name: string;
            displayName: string | null;
            type: string;
            spaceId: number | null;
            metadata: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description false until the device connects; false again after its will message */
            online: boolean;
            connectionType: string | null;
            lastSeenAt: string | null;
            latestData: {
                fullData: {
                    [key: string]: unknown;
                };
                /** Format: date-time */
                time: string;
            } | null;
            sensorTypeId: number | null;
            sensorType: {
                id: number;
                type: number;
                name: string;
                slug: string;
                /** @description a JSON array as a string, e.g. "[\"oryf2o5f8wmaeaav\"]" */
                productId: string;
                googleDeviceType: string;
                commands: {
                    [key: string]: {
                        min: number;
                        max: number;
                    };
                };
            } | null;
        };
        AccountExport: {
            /** @description the shape of this document: trellis.account-export/1 */
            format: string;
            /** Format: date-time */
            exportedAt: string;
            profile: {
                id: number;
                email: string;
                username: string;
                displayName: string | null;
                locale: string | null;
                emailConfirmed: boolean;
                emailConfirmedAt: string | null;
                /** @description whether a password is set (never the password or its hash) */
                hasPassword: boolean;
                platformAdmin: boolean;
                tenantId: number | null;
                createdAt: string | null;
                updatedAt: string | null;
            };
            tenants: {
                id: number;
                name: string;
                role: string;
                parentTenantId: number | null;
            }[];
            devices: {
                /** @description the MAC address */
                deviceId: string;
                sensorId: number;
                tenantId: number;
            }[];
            sensors: components["schemas"]["Sensor"][];
            /** @description the sensors' schedule groups with their items, as GET /sensors/{id}/schedules shows them */
            schedules: {
                [key: string]: unknown;
            }[];
            sessions: {
                /** @description the client_id signed in to */
                app: string;
                /** @description app (a token) or browser (the hosted pages) */
                kind: string;
                tenantId: number | null;
                scope: string;
                network: string | null;
                startedAt: string | null;
                signedInAt: string | null;
                endedAt: string | null;
                endedBecause: string | null;
            }[];
            apps: {
                clientId: string;
                name: string | null;
                /** Format: date-time */
                firstSignIn: string;
                /** Format: date-time */
                lastSignIn: string;
            }[];
            audit: components["schemas"]["AuditEntry"][];
        };
        Algorithm: {
            keyName: string;
            name: string;
            description: string;
            optionsSchema: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        AlgorithmPage: {
            edges: {
                node: components["schemas"]["Algorithm"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        CreateSpace: {
            tenantId?: number;
            name: string;
            description?: string | null;
            parentId?: number | null;
        };
        Space: {
            id: number;
            tenantId: number;
            parentId: number | null;
            name: string;
            description: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SpacePage: {
            edges: {
                node: components["schemas"]["Space"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        UpdateSpace: {
            name?: string;
            description?: string | null;
            parentId?: number | null;
        };
        SpaceAlgorithm: {
            keyName: string;
            spaceId: number;
            tenantId: number;
            options: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        CreateSensor: {
            tenantId?: number;
            deviceId: string;
            name: string;
            type: string;
            displayName?: string | null;
            spaceId?: number | null;
            metadata?: {
                [key: string]: unknown;
            };
        };
        SensorPage: {
            edges: {
                node: components["schemas"]["Sensor"];
                cursor: string;
            }[];
            pageInfo: components["schemas"]["PageInfo"];
            totalCount: number;
        };
        UpdateSensor: {
            deviceId?: string;
            name?: string;
            type?: string;
            displayName?: string | null;
            spaceId?: number | null;
            metadata?: {
                [key: string]: unknown;
            };
        };
        Device: {
            mac: string;
            model: string;
            /** @description the brand; null: the platform */
            registeredBy: number | null;
            hasClaimCode: boolean;
            hasFactoryPassword: boolean;
            allowAnonymous: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        DeviceRegistration: {
            /** @description MAC address; stored lowercase with colons (e0:5a:1b:76:ef:60) */
            mac: string;
            /** @description the sensor type a claimed device gets, e.g. "58" (Whisper Flex 2) */
            model: string;
            /** @description printed on the device or its box; stored hashed; at least 8 characters */
            claimCode?: string;
            /** @description the firmware's MQTT password; also proves possession in a claim; stored hashed */
            factoryPassword?: string;
            /** @description RISK: anyone who reaches the broker and knows the MAC can then speak as this device. Only for firmware that cannot send credentials. */
            allowAnonymous?: boolean;
        };
        WebhookEndpoint: {
            id: number;
            tenantId: number | null;
            url: string;
            eventTypes: string[];
            enabled: boolean;
            disabledReason: string | null;
            failingSince: string | null;
            previousSecretUntil: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        WebhookDelivery: {
            id: number;
            /** @description the event; its message has webhook-id msg_<eventId> */
            eventId: number;
            type: string;
            status: "queued" | "sending" | "delivered" | "failed";
            attempts: number;
            lastStatus: number | null;
            lastError: string | null;
            lastAttemptAt: string | null;
            nextAttemptAt: string | null;
            deliveredAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @description the v5 error word the apps compare
         * @enum {string}
         */
        V5ErrorMessage: "Invalid_Request" | "Invalid_Grant" | "Invalid_Client" | "Invalid_Command" | "Unauthorized" | "Not_Allowed" | "Not_Exist" | "Not_Found" | "Already_Exists" | "No_Data" | "Offline" | "Command_Failed" | "Too_Many_Requests" | "Server_Error";
        V5Refusal: {
            data: null;
            errorMessage: components["schemas"]["V5ErrorMessage"];
            errorDescription?: string;
        };
    };
    responses: {
        /** @description Invalid request: a parameter or the body fails validation (`details` names each field) */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid credentials: the bearer token is missing, expired or revoked */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller may not do this (its role in the tenant, or the token scopes) */
        Forbidden: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not found, or not visible to the caller */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Conflicts with the current state, e.g. a duplicate or a resource still in use */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than the server accepts */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body has a media type this operation does not accept */
        UnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests: wait `Retry-After` seconds */
        TooManyRequests: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description RFC 6749 error: invalid_request, invalid_grant, unauthorized_client, unsupported_grant_type or invalid_scope */
        OAuthBadRequest: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Cache-Control": components["headers"]["NoStore"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description Client authentication failed (invalid_client) */
        OAuthUnauthorized: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                "Cache-Control": components["headers"]["NoStore"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description The body is larger than the server accepts */
        OAuthPayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Cache-Control": components["headers"]["NoStore"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description The body has a media type this operation does not accept */
        OAuthUnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Cache-Control": components["headers"]["NoStore"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description Too many failed attempts: wait `Retry-After` seconds */
        OAuthTooManyRequests: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                "Cache-Control": components["headers"]["NoStore"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description Not found, or not visible to the caller */
        OAuthNotFound: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Cache-Control": components["headers"]["NoStore"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The id of this request in the server logs (echoes an x-request-id sent by the caller) */
        RequestId: string;
        /** @description Seconds to wait before trying again */
        RetryAfter: number;
        /** @description Token responses are never cached */
        NoStore: "no-store";
        /** @description The authentication scheme the endpoint expects */
        WwwAuthenticate: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                        checks: {
                            [key: string]: {
                                status: "ok" | "failing" | "degraded";
                                message?: string;
                            };
                        };
                    };
                };
            };
            /** @description Not ready to serve */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotReady"];
                };
            };
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
        };
    };
    listTenants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "parentTenantId": 1,
                 *       "id": 1,
                 *       "emailAddress": "user@example.com",
                 *       "address": "string",
                 *       "phoneNumber": "string",
                 *       "logoUrl": "https://example.com/logo.png",
                 *       "zipCode": "string",
                 *       "countryCode": "DE",
                 *       "senderEmail": "user@example.com",
                 *       "timeZone": "string",
                 *       "defaultLocale": "nl-NL",
                 *       "signup": "closed",
                 *       "emailConfig": {
                 *         "template": {
                 *           "buttonColor": "#1a73e8",
                 *           "textColor": "#1a73e8"
                 *         },
                 *         "emailTypeConfig": {
                 *           "property1": {
                 *             "subject": "string",
                 *             "title": "string",
                 *             "contentBeforeCta": "string",
                 *             "ctaLabel": "string",
                 *             "ctaLink": "string",
                 *             "contentAfterCta": "string",
                 *             "footerTitle": "string"
                 *           },
                 *           "property2": {
                 *             "subject": "string",
                 *             "title": "string",
                 *             "contentBeforeCta": "string",
                 *             "ctaLabel": "string",
                 *             "ctaLink": "string",
                 *             "contentAfterCta": "string",
                 *             "footerTitle": "string"
                 *           }
                 *         }
                 *       },
                 *       "brand": true,
                 *       "linkDomains": [
                 *         "string"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateTenant"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "emailAddress": "user@example.com",
                 *       "address": "string",
                 *       "phoneNumber": "string",
                 *       "logoUrl": "https://example.com/logo.png",
                 *       "zipCode": "string",
                 *       "countryCode": "DE",
                 *       "senderEmail": "user@example.com",
                 *       "timeZone": "string",
                 *       "defaultLocale": "nl-NL",
                 *       "signup": "closed",
                 *       "emailConfig": {
                 *         "template": {
                 *           "buttonColor": "#1a73e8",
                 *           "textColor": "#1a73e8"
                 *         },
                 *         "emailTypeConfig": {
                 *           "property1": {
                 *             "subject": "string",
                 *             "title": "string",
                 *             "contentBeforeCta": "string",
                 *             "ctaLabel": "string",
                 *             "ctaLink": "string",
                 *             "contentAfterCta": "string",
                 *             "footerTitle": "string"
                 *           },
                 *           "property2": {
                 *             "subject": "string",
                 *             "title": "string",
                 *             "contentBeforeCta": "string",
                 *             "ctaLabel": "string",
                 *             "ctaLink": "string",
                 *             "contentAfterCta": "string",
                 *             "footerTitle": "string"
                 *           }
                 *         }
                 *       },
                 *       "brand": true,
                 *       "linkDomains": [
                 *         "string"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateTenant"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    inviteMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "user@example.com",
                 *       "role": "owner"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        tenantId: number;
                        email: string;
                        role: "owner" | "admin" | "member";
                        status: "pending" | "accepted" | "revoked" | "expired";
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantMembersV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTenantMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "owner"
                 *     }
                 */
                "application/json": {
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        tenantId: number;
                        email: string;
                        role: "owner" | "admin" | "member";
                        status: "pending" | "accepted" | "revoked" | "expired";
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: date-time */
                        createdAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantInvitationsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        edges: {
                            node: {
                                id: number;
                                tenantId: number;
                                email: string;
                                role: "owner" | "admin" | "member";
                                status: "pending" | "accepted" | "revoked" | "expired";
                                /** Format: date-time */
                                expiresAt: string;
                                /** Format: date-time */
                                createdAt: string;
                            };
                            cursor: string;
                        }[];
                        pageInfo: components["schemas"]["PageInfo"];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                invitationId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    previewInvitation: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenantId: number;
                        tenantName: string;
                        logoUrl: string | null;
                        email: string;
                        role: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    showInvitationPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "string"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        tenantId: number;
                        role: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantEmailSettingsVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsVersion"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantEmailSettingsVersionsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsVersionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantEmailSettingsVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantEmailSettingsVersionRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantAudit: {
        parameters: {
            query?: {
                /** @description an action, or a prefix ending in * (client.*) */
                action?: string;
                /** @description operator, user, client, or user:<id> / client:<clientId> */
                actor?: string;
                /** @description entries at or after this time */
                since?: string;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntry"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantAuditV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
                /** @description an action, or a prefix ending in * (client.*) */
                action?: string;
                /** @description operator, user, client, or user:<id> / client:<clientId> */
                actor?: string;
                /** @description entries at or after this time */
                since?: string;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAudit: {
        parameters: {
            query?: {
                /** @description an action, or a prefix ending in * (client.*) */
                action?: string;
                /** @description operator, user, client, or user:<id> / client:<clientId> */
                actor?: string;
                /** @description entries at or after this time */
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntry"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAuditV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
                /** @description an action, or a prefix ending in * (client.*) */
                action?: string;
                /** @description operator, user, client, or user:<id> / client:<clientId> */
                actor?: string;
                /** @description entries at or after this time */
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createOauthClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "redirectUris": [
                 *         "string"
                 *       ],
                 *       "public": true,
                 *       "grantTypes": [
                 *         "string"
                 *       ],
                 *       "scopes": [
                 *         "string"
                 *       ],
                 *       "tenantId": 1,
                 *       "clientId": "83f34a5fa5faca9023c78980a57a87b41f6972fc4ee45e9c",
                 *       "clientSecret": "the-secret-the-app-ships-with",
                 *       "longLivedAccessTokenSeconds": 60,
                 *       "allowedOrigins": [
                 *         "string"
                 *       ],
                 *       "idTokenSignedResponseAlg": "RS256",
                 *       "machine": true
                 *     }
                 */
                "application/json": components["schemas"]["CreateOAuthClient"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listOauthClientsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClientPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOauthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteOauthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateOauthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        /** @description the tenant, kind and grants of a client never change */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "redirectUris": [
                 *         "string"
                 *       ],
                 *       "allowedOrigins": [
                 *         "string"
                 *       ],
                 *       "scopes": [
                 *         "string"
                 *       ],
                 *       "idTokenSignedResponseAlg": "RS256"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateOAuthClient"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postOauthClientSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        clientSecret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    previewTenantEmail: {
        parameters: {
            query?: {
                /**
                 * @description Render for a recipient with this locale: the brand's texts in it, else the whole email in one locale the brand wrote in; the platform's words for what the brand left out; absent: a recipient with none
                 * @example nl-NL
                 */
                locale?: string;
            };
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject: string;
                        html: string;
                        text: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    sendTenantTestEmail: {
        parameters: {
            query?: {
                /**
                 * @description Render for a recipient with this locale: the brand's texts in it, else the whole email in one locale the brand wrote in; the platform's words for what the brand left out; absent: a recipient with none
                 * @example nl-NL
                 */
                locale?: string;
            };
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    requestToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Unknown parameters (e.g. makeAccessTokenLongLasting) are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "authorization_code",
                 *       "code": "7K2QD-M9XHT",
                 *       "code_verifier": "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
                 *       "client_id": "my-app",
                 *       "redirect_uri": "https://app.example/callback"
                 *     }
                 */
                "application/json": components["schemas"]["TokenRequest"];
                /**
                 * @example {
                 *       "grant_type": "authorization_code",
                 *       "code": "7K2QD-M9XHT",
                 *       "code_verifier": "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
                 *       "client_id": "my-app",
                 *       "redirect_uri": "https://app.example/callback"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            400: components["responses"]["OAuthBadRequest"];
            401: components["responses"]["OAuthUnauthorized"];
            413: components["responses"]["OAuthPayloadTooLarge"];
            415: components["responses"]["OAuthUnsupportedMediaType"];
            429: components["responses"]["OAuthTooManyRequests"];
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "string",
                 *       "token_type_hint": "string",
                 *       "client_id": "string",
                 *       "client_secret": "string"
                 *     }
                 */
                "application/json": {
                    token?: string;
                    token_type_hint?: string;
                    client_id?: string;
                    client_secret?: string;
                };
                /**
                 * @example {
                 *       "token": "string",
                 *       "token_type_hint": "string",
                 *       "client_id": "string",
                 *       "client_secret": "string"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    token?: string;
                    token_type_hint?: string;
                    client_id?: string;
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["OAuthBadRequest"];
            401: components["responses"]["OAuthUnauthorized"];
            413: components["responses"]["OAuthPayloadTooLarge"];
            415: components["responses"]["OAuthUnsupportedMediaType"];
            429: components["responses"]["OAuthTooManyRequests"];
        };
    };
    introspectToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "string",
                 *       "token_type_hint": "string",
                 *       "client_id": "string",
                 *       "client_secret": "string"
                 *     }
                 */
                "application/json": {
                    token?: string;
                    token_type_hint?: string;
                    client_id?: string;
                    client_secret?: string;
                };
                /**
                 * @example {
                 *       "token": "string",
                 *       "token_type_hint": "string",
                 *       "client_id": "string",
                 *       "client_secret": "string"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    token?: string;
                    token_type_hint?: string;
                    client_id?: string;
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        token_type?: string;
                        scope?: string;
                        client_id?: string;
                        sub?: string;
                        aud?: string | string[];
                        iss?: string;
                        exp?: number;
                        iat?: number;
                        jti?: string;
                    };
                };
            };
            400: components["responses"]["OAuthBadRequest"];
            401: components["responses"]["OAuthUnauthorized"];
            413: components["responses"]["OAuthPayloadTooLarge"];
            415: components["responses"]["OAuthUnsupportedMediaType"];
            429: components["responses"]["OAuthTooManyRequests"];
        };
    };
    getOauthAuthorizationServerTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        jwks_uri: string;
                        revocation_endpoint: string;
                        introspection_endpoint: string;
                        passwordless_login_code_endpoint: string;
                        /** @description RFC 8628: the issuer's device authorization endpoint */
                        device_authorization_endpoint: string;
                        scopes_supported: string[];
                        grant_types_supported: string[];
                        response_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        introspection_endpoint_auth_methods_supported: string[];
                        code_challenge_methods_supported: string[];
                        id_token_signing_alg_values_supported: string[];
                        authorization_response_iss_parameter_supported: boolean;
                        /** @description The languages of the hosted pages (BCP 47); the authorization request picks one with ui_locales */
                        ui_locales_supported: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getAuthorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        jwks_uri: string;
                        revocation_endpoint: string;
                        introspection_endpoint: string;
                        passwordless_login_code_endpoint: string;
                        /** @description RFC 8628: the issuer's device authorization endpoint */
                        device_authorization_endpoint: string;
                        scopes_supported: string[];
                        grant_types_supported: string[];
                        response_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        introspection_endpoint_auth_methods_supported: string[];
                        code_challenge_methods_supported: string[];
                        id_token_signing_alg_values_supported: string[];
                        authorization_response_iss_parameter_supported: boolean;
                        /** @description The languages of the hosted pages (BCP 47); the authorization request picks one with ui_locales */
                        ui_locales_supported: string[];
                    };
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    getTenantAuthorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        jwks_uri: string;
                        revocation_endpoint: string;
                        introspection_endpoint: string;
                        passwordless_login_code_endpoint: string;
                        /** @description RFC 8628: the issuer's device authorization endpoint */
                        device_authorization_endpoint: string;
                        scopes_supported: string[];
                        grant_types_supported: string[];
                        response_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        introspection_endpoint_auth_methods_supported: string[];
                        code_challenge_methods_supported: string[];
                        id_token_signing_alg_values_supported: string[];
                        authorization_response_iss_parameter_supported: boolean;
                        /** @description The languages of the hosted pages (BCP 47); the authorization request picks one with ui_locales */
                        ui_locales_supported: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    requestLoginCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "client_id": "my-app",
                 *       "redirect_uri": "https://app.example/callback",
                 *       "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                 *       "code_challenge_method": "S256"
                 *     }
                 */
                "application/json": components["schemas"]["LoginCodeRequest"];
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "client_id": "my-app",
                 *       "redirect_uri": "https://app.example/callback",
                 *       "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                 *       "code_challenge_method": "S256"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["LoginCodeRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    requestTenantLoginCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "client_id": "my-app",
                 *       "redirect_uri": "https://app.example/callback",
                 *       "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                 *       "code_challenge_method": "S256"
                 *     }
                 */
                "application/json": components["schemas"]["LoginCodeRequest"];
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "client_id": "my-app",
                 *       "redirect_uri": "https://app.example/callback",
                 *       "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                 *       "code_challenge_method": "S256"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["LoginCodeRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getUserinfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sub: string;
                        email?: string;
                        email_verified?: boolean;
                        name?: string;
                        preferred_username?: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postUserinfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sub: string;
                        email?: string;
                        email_verified?: boolean;
                        name?: string;
                        preferred_username?: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOpenidConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        jwks_uri: string;
                        revocation_endpoint: string;
                        introspection_endpoint: string;
                        passwordless_login_code_endpoint: string;
                        /** @description RFC 8628: the issuer's device authorization endpoint */
                        device_authorization_endpoint: string;
                        scopes_supported: string[];
                        grant_types_supported: string[];
                        response_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        introspection_endpoint_auth_methods_supported: string[];
                        code_challenge_methods_supported: string[];
                        id_token_signing_alg_values_supported: string[];
                        authorization_response_iss_parameter_supported: boolean;
                        /** @description The languages of the hosted pages (BCP 47); the authorization request picks one with ui_locales */
                        ui_locales_supported: string[];
                        userinfo_endpoint: string;
                        end_session_endpoint: string;
                        response_modes_supported: string[];
                        prompt_values_supported: string[];
                        subject_types_supported: string[];
                        claims_supported: string[];
                    };
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    getTenantOpenidConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        jwks_uri: string;
                        revocation_endpoint: string;
                        introspection_endpoint: string;
                        passwordless_login_code_endpoint: string;
                        /** @description RFC 8628: the issuer's device authorization endpoint */
                        device_authorization_endpoint: string;
                        scopes_supported: string[];
                        grant_types_supported: string[];
                        response_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        introspection_endpoint_auth_methods_supported: string[];
                        code_challenge_methods_supported: string[];
                        id_token_signing_alg_values_supported: string[];
                        authorization_response_iss_parameter_supported: boolean;
                        /** @description The languages of the hosted pages (BCP 47); the authorization request picks one with ui_locales */
                        ui_locales_supported: string[];
                        userinfo_endpoint: string;
                        end_session_endpoint: string;
                        response_modes_supported: string[];
                        prompt_values_supported: string[];
                        subject_types_supported: string[];
                        claims_supported: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    requestDeviceAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Unknown parameters are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": "my-tv-app",
                 *       "scope": "openid sensors:read"
                 *     }
                 */
                "application/json": components["schemas"]["DeviceAuthorizationRequest"];
                /**
                 * @example {
                 *       "client_id": "my-tv-app",
                 *       "scope": "openid sensors:read"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["DeviceAuthorizationRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceAuthorizationResponse"];
                };
            };
            400: components["responses"]["OAuthBadRequest"];
            401: components["responses"]["OAuthUnauthorized"];
            404: components["responses"]["OAuthNotFound"];
            413: components["responses"]["OAuthPayloadTooLarge"];
            415: components["responses"]["OAuthUnsupportedMediaType"];
            429: components["responses"]["OAuthTooManyRequests"];
        };
    };
    requestTenantDeviceAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        /** @description Unknown parameters are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": "my-tv-app",
                 *       "scope": "openid sensors:read"
                 *     }
                 */
                "application/json": components["schemas"]["DeviceAuthorizationRequest"];
                /**
                 * @example {
                 *       "client_id": "my-tv-app",
                 *       "scope": "openid sensors:read"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["DeviceAuthorizationRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceAuthorizationResponse"];
                };
            };
            400: components["responses"]["OAuthBadRequest"];
            401: components["responses"]["OAuthUnauthorized"];
            404: components["responses"]["OAuthNotFound"];
            413: components["responses"]["OAuthPayloadTooLarge"];
            415: components["responses"]["OAuthUnsupportedMediaType"];
            429: components["responses"]["OAuthTooManyRequests"];
        };
    };
    listTenantSignInsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
                /** @description rows whose address starts with this */
                email?: string;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSignInsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
                /** @description rows whose address starts with this */
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "string",
                 *       "displayName": "string",
                 *       "locale": "nl-NL"
                 *     }
                 */
                "application/json": {
                    username?: string;
                    displayName?: string | null;
                    locale?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "string",
                 *       "newPassword": "string"
                 *     }
                 */
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    registerUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "user@example.com",
                 *       "password": "string",
                 *       "username": "string",
                 *       "displayName": "string",
                 *       "locale": "nl-NL"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    username?: string;
                    displayName?: string;
                    /**
                     * @description The account's locale (emails and pages); absent: the Accept-Language header's first language
                     * @example nl-NL
                     */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    confirmEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "string"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "user@example.com"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "string",
                 *       "password": "string"
                 *     }
                 */
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    registerTenantUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "user@example.com",
                 *       "password": "string",
                 *       "username": "string",
                 *       "displayName": "string",
                 *       "locale": "nl-NL"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    username?: string;
                    displayName?: string;
                    /**
                     * @description The account's locale (emails and pages); absent: the Accept-Language header's first language
                     * @example nl-NL
                     */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    confirmTenantEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "string"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    requestTenantPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "user@example.com"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resetTenantPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "string",
                 *       "password": "string"
                 *     }
                 */
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantPeople: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Person"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantPeopleBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Person"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantPeopleUnblock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Person"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listUsersCurrentPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passkeys: components["schemas"]["Passkey"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createUsersCurrentPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "response": {
                 *         "id": "A",
                 *         "rawId": "A",
                 *         "type": "public-key",
                 *         "authenticatorAttachment": "platform",
                 *         "clientExtensionResults": {},
                 *         "response": {
                 *           "clientDataJSON": "A",
                 *           "attestationObject": "A",
                 *           "transports": [
                 *             "string"
                 *           ],
                 *           "authenticatorData": "A",
                 *           "publicKey": "A",
                 *           "publicKeyAlgorithm": 0
                 *         }
                 *       },
                 *       "name": "string"
                 *     }
                 */
                "application/json": {
                    response: components["schemas"]["PasskeyAttestation"];
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createUsersCurrentPasskeysOption: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3): pass to navigator.credentials.create or the platform API */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyCreationOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteUsersCurrentPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                passkeyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateUsersCurrentPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                passkeyId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string"
                 *     }
                 */
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createAuthPasskeysOption: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": "string",
                 *       "redirect_uri": "string",
                 *       "code_challenge": "string",
                 *       "code_challenge_method": "string",
                 *       "scope": "string"
                 *     }
                 */
                "application/json": components["schemas"]["PasskeySignInRequest"];
            };
        };
        responses: {
            /** @description PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3): pass to navigator.credentials.get or the platform API */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyRequestOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postAuthPasskeysSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "response": {
                 *         "id": "A",
                 *         "rawId": "A",
                 *         "type": "public-key",
                 *         "authenticatorAttachment": "platform",
                 *         "clientExtensionResults": {},
                 *         "response": {
                 *           "clientDataJSON": "A",
                 *           "authenticatorData": "A",
                 *           "signature": "A",
                 *           "userHandle": "A"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    response: components["schemas"]["PasskeyAssertion"];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyLoginCode"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenantAuthPasskeysOption: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": "string",
                 *       "redirect_uri": "string",
                 *       "code_challenge": "string",
                 *       "code_challenge_method": "string",
                 *       "scope": "string"
                 *     }
                 */
                "application/json": components["schemas"]["PasskeySignInRequest"];
            };
        };
        responses: {
            /** @description PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3): pass to navigator.credentials.get or the platform API */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyRequestOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantAuthPasskeysSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "response": {
                 *         "id": "A",
                 *         "rawId": "A",
                 *         "type": "public-key",
                 *         "authenticatorAttachment": "platform",
                 *         "clientExtensionResults": {},
                 *         "response": {
                 *           "clientDataJSON": "A",
                 *           "authenticatorData": "A",
                 *           "signature": "A",
                 *           "userHandle": "A"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    response: components["schemas"]["PasskeyAssertion"];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyLoginCode"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantPasskeyPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyPolicy"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    replaceTenantPasskeyPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "off"
                 *     }
                 */
                "application/json": components["schemas"]["PasskeyPolicy"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyPolicy"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantNativeApps: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nativeApps: components["schemas"]["NativeApp"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenantNativeApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "platform": "apple",
                 *       "teamId": "ABCDE12345",
                 *       "bundleId": "com.example.app"
                 *     }
                 */
                "application/json": components["schemas"]["NativeAppRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NativeApp"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantNativeApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                appId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAppleAppSiteAssociation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Apple app site association: the apps that may use this host's passkeys */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webcredentials: {
                            apps: string[];
                        };
                    };
                };
            };
        };
    };
    getAssetlinksJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Digital Asset Links: the Android apps that may use this host's passkeys */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        relation: string[];
                        target: {
                            /** @enum {string} */
                            namespace: "android_app";
                            package_name: string;
                            sha256_cert_fingerprints: string[];
                        };
                    }[];
                };
            };
        };
    };
    listConnectionsV4: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connections: components["schemas"]["UpstreamConnection"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createConnectionV4: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "oidc",
                 *       "name": "string",
                 *       "issuer": "string",
                 *       "clientId": "string",
                 *       "clientSecret": "string",
                 *       "teamId": "string",
                 *       "keyId": "string",
                 *       "privateKey": "string",
                 *       "scopes": [
                 *         "x"
                 *       ],
                 *       "appIds": [
                 *         "string"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    kind: "oidc" | "google" | "apple";
                    /** @description the provider as people know it; default: Google, Apple, OpenID */
                    name?: string;
                    /** @description oidc: required (https; discovery at <issuer>/.well-known/openid-configuration); google and apple: their own unless given */
                    issuer?: string;
                    /** @description the client id at the provider (Apple: the Services ID) */
                    clientId: string;
                    /** @description oidc and google: required; stored sealed, never shown again */
                    clientSecret?: string;
                    /** @description apple: the Apple Developer team id */
                    teamId?: string;
                    /** @description apple: the id of the Sign in with Apple key */
                    keyId?: string;
                    /** @description apple: the key (.p8 file, PKCS#8 PEM); stored sealed, never shown again */
                    privateKey?: string;
                    /** @description openid is always asked for */
                    scopes?: string[];
                    /** @description native apps' client ids (an iOS bundle id, an Android or iOS client id at Google) accepted as an ID token's audience at the token exchange, besides clientId */
                    appIds?: string[];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpstreamConnection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getConnectionV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpstreamConnection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteConnectionV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateConnectionV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "issuer": "string",
                 *       "clientSecret": "string",
                 *       "teamId": "string",
                 *       "keyId": "string",
                 *       "privateKey": "string",
                 *       "scopes": [
                 *         "x"
                 *       ],
                 *       "appIds": [
                 *         "string"
                 *       ],
                 *       "enabled": true,
                 *       "clientId": "string"
                 *     }
                 */
                "application/json": {
                    /** @description the provider as people know it; default: Google, Apple, OpenID */
                    name?: string;
                    /** @description oidc: required (https; discovery at <issuer>/.well-known/openid-configuration); google and apple: their own unless given */
                    issuer?: string;
                    /** @description oidc and google: required; stored sealed, never shown again */
                    clientSecret?: string;
                    /** @description apple: the Apple Developer team id */
                    teamId?: string;
                    /** @description apple: the id of the Sign in with Apple key */
                    keyId?: string;
                    /** @description apple: the key (.p8 file, PKCS#8 PEM); stored sealed, never shown again */
                    privateKey?: string;
                    /** @description openid is always asked for */
                    scopes?: string[];
                    /** @description native apps' client ids (an iOS bundle id, an Android or iOS client id at Google) accepted as an ID token's audience at the token exchange, besides clientId */
                    appIds?: string[];
                    enabled?: boolean;
                    /** @description the client id at the provider (Apple: the Services ID) */
                    clientId?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpstreamConnection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postConnectionTestV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description what failed, when ok is false */
                        problem?: string;
                        issuer?: string;
                        authorizationEndpoint?: string;
                        tokenEndpoint?: string;
                        /** @description how many keys the JWKS has */
                        keys?: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantConnectionsV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connections: components["schemas"]["UpstreamConnection"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenantConnectionV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "oidc",
                 *       "name": "string",
                 *       "issuer": "string",
                 *       "clientId": "string",
                 *       "clientSecret": "string",
                 *       "teamId": "string",
                 *       "keyId": "string",
                 *       "privateKey": "string",
                 *       "scopes": [
                 *         "x"
                 *       ],
                 *       "appIds": [
                 *         "string"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    kind: "oidc" | "google" | "apple";
                    /** @description the provider as people know it; default: Google, Apple, OpenID */
                    name?: string;
                    /** @description oidc: required (https; discovery at <issuer>/.well-known/openid-configuration); google and apple: their own unless given */
                    issuer?: string;
                    /** @description the client id at the provider (Apple: the Services ID) */
                    clientId: string;
                    /** @description oidc and google: required; stored sealed, never shown again */
                    clientSecret?: string;
                    /** @description apple: the Apple Developer team id */
                    teamId?: string;
                    /** @description apple: the id of the Sign in with Apple key */
                    keyId?: string;
                    /** @description apple: the key (.p8 file, PKCS#8 PEM); stored sealed, never shown again */
                    privateKey?: string;
                    /** @description openid is always asked for */
                    scopes?: string[];
                    /** @description native apps' client ids (an iOS bundle id, an Android or iOS client id at Google) accepted as an ID token's audience at the token exchange, besides clientId */
                    appIds?: string[];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpstreamConnection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantConnectionV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpstreamConnection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantConnectionV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTenantConnectionV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "issuer": "string",
                 *       "clientSecret": "string",
                 *       "teamId": "string",
                 *       "keyId": "string",
                 *       "privateKey": "string",
                 *       "scopes": [
                 *         "x"
                 *       ],
                 *       "appIds": [
                 *         "string"
                 *       ],
                 *       "enabled": true,
                 *       "clientId": "string"
                 *     }
                 */
                "application/json": {
                    /** @description the provider as people know it; default: Google, Apple, OpenID */
                    name?: string;
                    /** @description oidc: required (https; discovery at <issuer>/.well-known/openid-configuration); google and apple: their own unless given */
                    issuer?: string;
                    /** @description oidc and google: required; stored sealed, never shown again */
                    clientSecret?: string;
                    /** @description apple: the Apple Developer team id */
                    teamId?: string;
                    /** @description apple: the id of the Sign in with Apple key */
                    keyId?: string;
                    /** @description apple: the key (.p8 file, PKCS#8 PEM); stored sealed, never shown again */
                    privateKey?: string;
                    /** @description openid is always asked for */
                    scopes?: string[];
                    /** @description native apps' client ids (an iOS bundle id, an Android or iOS client id at Google) accepted as an ID token's audience at the token exchange, besides clientId */
                    appIds?: string[];
                    enabled?: boolean;
                    /** @description the client id at the provider (Apple: the Services ID) */
                    clientId?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpstreamConnection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantConnectionTestV4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description what failed, when ok is false */
                        problem?: string;
                        issuer?: string;
                        authorizationEndpoint?: string;
                        tokenEndpoint?: string;
                        /** @description how many keys the JWKS has */
                        keys?: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postAuthUpstreamNonce: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": "string"
                 *     }
                 */
                "application/json": {
                    client_id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nonce: string;
                        expires_in: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    exportCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    exportTenantCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listAlgorithms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Algorithm"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createAlgorithm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "keyName": "A",
                 *       "name": "string",
                 *       "description": "string",
                 *       "optionsSchema": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": {
                    keyName: string;
                    name: string;
                    description?: string;
                    /** @description JSON Schema of the options object */
                    optionsSchema: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Algorithm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listAlgorithmsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlgorithmPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAlgorithm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Algorithm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSpaces: {
        parameters: {
            query?: {
                parentId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSpace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "name": "string",
                 *       "description": "string",
                 *       "parentId": 1
                 *     }
                 */
                "application/json": components["schemas"]["CreateSpace"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSpacesV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
                parentId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpacePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSpace: {
        parameters: {
            query?: {
                cascade?: boolean;
            };
            header?: never;
            path: {
                spaceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "description": "string",
                 *       "parentId": 1
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSpace"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSpaceAlgorithms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAlgorithm"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSpaceAlgorithm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: number;
                keyName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAlgorithm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    setSpaceAlgorithm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: number;
                keyName: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "property1": null,
                 *       "property2": null
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAlgorithm"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAlgorithm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSpaceAlgorithm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: number;
                keyName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantSpaces: {
        parameters: {
            query?: {
                parentId?: number;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenantSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "name": "string",
                 *       "description": "string",
                 *       "parentId": 1
                 *     }
                 */
                "application/json": components["schemas"]["CreateSpace"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantSpacesV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
                parentId?: number;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpacePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                spaceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantSpace: {
        parameters: {
            query?: {
                cascade?: boolean;
            };
            header?: never;
            path: {
                tenantId: number;
                spaceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTenantSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                spaceId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "description": "string",
                 *       "parentId": 1
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSpace"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantSpaceAlgorithms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                spaceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAlgorithm"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantSpaceAlgorithm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                spaceId: number;
                keyName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAlgorithm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    setTenantSpaceAlgorithm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                spaceId: number;
                keyName: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "property1": null,
                 *       "property2": null
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAlgorithm"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceAlgorithm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantSpaceAlgorithm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                spaceId: number;
                keyName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSensors: {
        parameters: {
            query?: {
                spaceId?: number;
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSensor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "deviceId": "string",
                 *       "name": "string",
                 *       "type": "string",
                 *       "displayName": "string",
                 *       "spaceId": 1,
                 *       "metadata": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateSensor"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSensorsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
                spaceId?: number;
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SensorPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSensor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSensor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateSensor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "deviceId": "string",
                 *       "name": "string",
                 *       "type": "string",
                 *       "displayName": "string",
                 *       "spaceId": 1,
                 *       "metadata": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSensor"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantSensors: {
        parameters: {
            query?: {
                spaceId?: number;
                type?: string;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenantSensor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "deviceId": "string",
                 *       "name": "string",
                 *       "type": "string",
                 *       "displayName": "string",
                 *       "spaceId": 1,
                 *       "metadata": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateSensor"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantSensorsV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
                spaceId?: number;
                type?: string;
            };
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SensorPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantSensor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantSensor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTenantSensor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "deviceId": "string",
                 *       "name": "string",
                 *       "type": "string",
                 *       "displayName": "string",
                 *       "spaceId": 1,
                 *       "metadata": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSensor"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postDevicesClaim: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "mac": "string",
                 *       "code": "string",
                 *       "name": "string",
                 *       "displayName": "string",
                 *       "spaceId": 1,
                 *       "metadata": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": {
                    tenantId?: number;
                    mac: string;
                    /** @description the claim code, or the factory password */
                    code: string;
                    name?: string;
                    displayName?: string | null;
                    spaceId?: number | null;
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postSensorRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postSensorTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "toTenantId": 1
                 *     }
                 */
                "application/json": {
                    toTenantId: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantDevicesClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "mac": "string",
                 *       "code": "string",
                 *       "name": "string",
                 *       "displayName": "string",
                 *       "spaceId": 1,
                 *       "metadata": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": {
                    tenantId?: number;
                    mac: string;
                    /** @description the claim code, or the factory password */
                    code: string;
                    name?: string;
                    displayName?: string | null;
                    spaceId?: number | null;
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantSensorRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantSensorTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "toTenantId": 1
                 *     }
                 */
                "application/json": {
                    toTenantId: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sensor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSensorScheduleGroups: {
        parameters: {
            query?: {
                includeScheduleItems?: boolean;
            };
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        SensorId: number;
                        id: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description IANA time zone the cron patterns are read in */
                        timeZone: string;
                        /** @description the next occurrence (null: none) */
                        nextRunAt: string | null;
                        lastRun: {
                            /**
                             * Format: date-time
                             * @description the cron time it ran for
                             */
                            occurrence: string;
                            /** @description the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs */
                            outcome: "sent" | "missed" | "refused" | "failed" | "interrupted" | null;
                            detail: string | null;
                            /** @description the commands it sent (GET /sensors/{sensorId}/commands/{commandId}) */
                            commandIds: number[];
                            finishedAt: string | null;
                        } | null;
                        SensorSchedules?: {
                            id: number;
                            cron: string;
                            type: string;
                            value: {
                                [key: string]: number;
                            };
                            /** @description the next occurrence (null: none) */
                            nextRunAt: string | null;
                            lastRun: {
                                /**
                                 * Format: date-time
                                 * @description the cron time it ran for
                                 */
                                occurrence: string;
                                /** @description the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs */
                                outcome: "sent" | "missed" | "refused" | "failed" | "interrupted" | null;
                                detail: string | null;
                                /** @description the commands it sent (GET /sensors/{sensorId}/commands/{commandId}) */
                                commandIds: number[];
                                finishedAt: string | null;
                            } | null;
                        }[];
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSensorScheduleGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "SensorSchedules": [
                 *         {
                 *           "cron": "stringstr",
                 *           "type": "A",
                 *           "value": {
                 *             "power": 0,
                 *             "mode": 0,
                 *             "speed": 0,
                 *             "property1": 0,
                 *             "property2": 0
                 *           }
                 *         }
                 *       ],
                 *       "timeZone": "string"
                 *     }
                 */
                "application/json": {
                    SensorSchedules: {
                        /** @description 5 fields, or 6 with seconds first ("1 0 6 * * 1": 06:00:01 on Mondays) */
                        cron: string;
                        /** @description e.g. "tune" */
                        type: string;
                        /** @description command values by key; power 0 or 1 always */
                        value: {
                            power: number;
                            mode?: number;
                            speed?: number;
                        } & {
                            [key: string]: number;
                        };
                    }[];
                    /** @description IANA time zone the cron patterns are read in, e.g. Europe/Amsterdam (default UTC) */
                    timeZone?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        SensorId: number;
                        id: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description IANA time zone the cron patterns are read in */
                        timeZone: string;
                        /** @description the next occurrence (null: none) */
                        nextRunAt: string | null;
                        lastRun: {
                            /**
                             * Format: date-time
                             * @description the cron time it ran for
                             */
                            occurrence: string;
                            /** @description the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs */
                            outcome: "sent" | "missed" | "refused" | "failed" | "interrupted" | null;
                            detail: string | null;
                            /** @description the commands it sent (GET /sensors/{sensorId}/commands/{commandId}) */
                            commandIds: number[];
                            finishedAt: string | null;
                        } | null;
                        SensorSchedules?: {
                            id: number;
                            cron: string;
                            type: string;
                            value: {
                                [key: string]: number;
                            };
                            /** @description the next occurrence (null: none) */
                            nextRunAt: string | null;
                            lastRun: {
                                /**
                                 * Format: date-time
                                 * @description the cron time it ran for
                                 */
                                occurrence: string;
                                /** @description the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs */
                                outcome: "sent" | "missed" | "refused" | "failed" | "interrupted" | null;
                                detail: string | null;
                                /** @description the commands it sent (GET /sensors/{sensorId}/commands/{commandId}) */
                                commandIds: number[];
                                finishedAt: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSensorScheduleGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
                groupId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantSensorScheduleGroups: {
        parameters: {
            query?: {
                includeScheduleItems?: boolean;
            };
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        SensorId: number;
                        id: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description IANA time zone the cron patterns are read in */
                        timeZone: string;
                        /** @description the next occurrence (null: none) */
                        nextRunAt: string | null;
                        lastRun: {
                            /**
                             * Format: date-time
                             * @description the cron time it ran for
                             */
                            occurrence: string;
                            /** @description the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs */
                            outcome: "sent" | "missed" | "refused" | "failed" | "interrupted" | null;
                            detail: string | null;
                            /** @description the commands it sent (GET /sensors/{sensorId}/commands/{commandId}) */
                            commandIds: number[];
                            finishedAt: string | null;
                        } | null;
                        SensorSchedules?: {
                            id: number;
                            cron: string;
                            type: string;
                            value: {
                                [key: string]: number;
                            };
                            /** @description the next occurrence (null: none) */
                            nextRunAt: string | null;
                            lastRun: {
                                /**
                                 * Format: date-time
                                 * @description the cron time it ran for
                                 */
                                occurrence: string;
                                /** @description the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs */
                                outcome: "sent" | "missed" | "refused" | "failed" | "interrupted" | null;
                                detail: string | null;
                                /** @description the commands it sent (GET /sensors/{sensorId}/commands/{commandId}) */
                                commandIds: number[];
                                finishedAt: string | null;
                            } | null;
                        }[];
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenantSensorScheduleGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "SensorSchedules": [
                 *         {
                 *           "cron": "stringstr",
                 *           "type": "A",
                 *           "value": {
                 *             "power": 0,
                 *             "mode": 0,
                 *             "speed": 0,
                 *             "property1": 0,
                 *             "property2": 0
                 *           }
                 *         }
                 *       ],
                 *       "timeZone": "string"
                 *     }
                 */
                "application/json": {
                    SensorSchedules: {
                        /** @description 5 fields, or 6 with seconds first ("1 0 6 * * 1": 06:00:01 on Mondays) */
                        cron: string;
                        /** @description e.g. "tune" */
                        type: string;
                        /** @description command values by key; power 0 or 1 always */
                        value: {
                            power: number;
                            mode?: number;
                            speed?: number;
                        } & {
                            [key: string]: number;
                        };
                    }[];
                    /** @description IANA time zone the cron patterns are read in, e.g. Europe/Amsterdam (default UTC) */
                    timeZone?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        SensorId: number;
                        id: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description IANA time zone the cron patterns are read in */
                        timeZone: string;
                        /** @description the next occurrence (null: none) */
                        nextRunAt: string | null;
                        lastRun: {
                            /**
                             * Format: date-time
                             * @description the cron time it ran for
                             */
                            occurrence: string;
                            /** @description the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs */
                            outcome: "sent" | "missed" | "refused" | "failed" | "interrupted" | null;
                            detail: string | null;
                            /** @description the commands it sent (GET /sensors/{sensorId}/commands/{commandId}) */
                            commandIds: number[];
                            finishedAt: string | null;
                        } | null;
                        SensorSchedules?: {
                            id: number;
                            cron: string;
                            type: string;
                            value: {
                                [key: string]: number;
                            };
                            /** @description the next occurrence (null: none) */
                            nextRunAt: string | null;
                            lastRun: {
                                /**
                                 * Format: date-time
                                 * @description the cron time it ran for
                                 */
                                occurrence: string;
                                /** @description the device's outcome: sent; missed (the device was offline, or no instance ran at that time: never queued); refused (the maker may no longer command the sensor); failed; interrupted (the instance running it stopped; never sent again); null while it runs */
                                outcome: "sent" | "missed" | "refused" | "failed" | "interrupted" | null;
                                detail: string | null;
                                /** @description the commands it sent (GET /sensors/{sensorId}/commands/{commandId}) */
                                commandIds: number[];
                                finishedAt: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantSensorScheduleGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
                groupId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSensorCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the MAC address */
                        username: string;
                        /** @description shown once; stored hashed */
                        password: string;
                        clientId: string;
                        mqttUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSensorCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSensorDeviceAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an issued password, or a factory password that is on */
                        hasPassword: boolean;
                        allowAnonymous: boolean;
                        /** @description a password Trellis issued to the holder */
                        issuedPassword: boolean;
                        /** @description the brand's factory password: none registered, on (brings the device in), off */
                        factoryPassword: "none" | "on" | "off";
                        /** @description a transfer code waits for the next holder */
                        transferCode: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    replaceSensorDeviceAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "allowAnonymous": true
                 *     }
                 */
                "application/json": {
                    allowAnonymous: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        hasPassword: boolean;
                        allowAnonymous: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSensorDeviceAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    replaceSensorFactoryPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an issued password, or a factory password that is on */
                        hasPassword: boolean;
                        allowAnonymous: boolean;
                        /** @description a password Trellis issued to the holder */
                        issuedPassword: boolean;
                        /** @description the brand's factory password: none registered, on (brings the device in), off */
                        factoryPassword: "none" | "on" | "off";
                        /** @description a transfer code waits for the next holder */
                        transferCode: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postSensorTransferCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description shown once; stored hashed */
                        transferCode: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postSensorCommand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "command": "string"
                 *     }
                 */
                "application/json": {
                    command: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        response: {
                            /** @enum {boolean} */
                            success: true;
                            message: string;
                        };
                        command: {
                            id: number;
                            sensorId: number;
                            command: string;
                            key: string;
                            value: number;
                            status: "queued" | "sent" | "confirmed" | "expired" | "failed";
                            /** Format: date-time */
                            createdAt: string;
                            sentAt: string | null;
                            confirmedAt: string | null;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSensorCommand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sensorId: number;
                commandId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        sensorId: number;
                        command: string;
                        key: string;
                        value: number;
                        status: "queued" | "sent" | "confirmed" | "expired" | "failed";
                        /** Format: date-time */
                        createdAt: string;
                        sentAt: string | null;
                        confirmedAt: string | null;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSensorHistoryV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
            };
            header?: never;
            path: {
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        edges: {
                            node: {
                                id: number;
                                sensorId: number;
                                online: boolean;
                                fullData: {
                                    [key: string]: unknown;
                                } | null;
                                /** Format: date-time */
                                time: string;
                            };
                            cursor: string;
                        }[];
                        pageInfo: components["schemas"]["PageInfo"];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenantSensorCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the MAC address */
                        username: string;
                        /** @description shown once; stored hashed */
                        password: string;
                        clientId: string;
                        mqttUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantSensorCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantSensorDeviceAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an issued password, or a factory password that is on */
                        hasPassword: boolean;
                        allowAnonymous: boolean;
                        /** @description a password Trellis issued to the holder */
                        issuedPassword: boolean;
                        /** @description the brand's factory password: none registered, on (brings the device in), off */
                        factoryPassword: "none" | "on" | "off";
                        /** @description a transfer code waits for the next holder */
                        transferCode: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    replaceTenantSensorDeviceAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "allowAnonymous": true
                 *     }
                 */
                "application/json": {
                    allowAnonymous: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        hasPassword: boolean;
                        allowAnonymous: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTenantSensorDeviceAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    replaceTenantSensorFactoryPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an issued password, or a factory password that is on */
                        hasPassword: boolean;
                        allowAnonymous: boolean;
                        /** @description a password Trellis issued to the holder */
                        issuedPassword: boolean;
                        /** @description the brand's factory password: none registered, on (brings the device in), off */
                        factoryPassword: "none" | "on" | "off";
                        /** @description a transfer code waits for the next holder */
                        transferCode: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantSensorTransferCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description shown once; stored hashed */
                        transferCode: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantSensorCommand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "command": "string"
                 *     }
                 */
                "application/json": {
                    command: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        response: {
                            /** @enum {boolean} */
                            success: true;
                            message: string;
                        };
                        command: {
                            id: number;
                            sensorId: number;
                            command: string;
                            key: string;
                            value: number;
                            status: "queued" | "sent" | "confirmed" | "expired" | "failed";
                            /** Format: date-time */
                            createdAt: string;
                            sentAt: string | null;
                            confirmedAt: string | null;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantSensorCommand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
                commandId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        sensorId: number;
                        command: string;
                        key: string;
                        value: number;
                        status: "queued" | "sent" | "confirmed" | "expired" | "failed";
                        /** Format: date-time */
                        createdAt: string;
                        sentAt: string | null;
                        confirmedAt: string | null;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTenantSensorHistoryV4: {
        parameters: {
            query?: {
                /** @description 1..250, default 10 */
                limit?: number;
                /** @description the previous page's endCursor */
                after?: string;
                /** @description the previous page's startCursor */
                before?: string;
            };
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        edges: {
                            node: {
                                id: number;
                                sensorId: number;
                                online: boolean;
                                fullData: {
                                    [key: string]: unknown;
                                } | null;
                                /** Format: date-time */
                                time: string;
                            };
                            cursor: string;
                        }[];
                        pageInfo: components["schemas"]["PageInfo"];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "mac": "string",
                 *       "model": "string",
                 *       "claimCode": "string",
                 *       "factoryPassword": "string",
                 *       "allowAnonymous": true
                 *     }
                 */
                "application/json": {
                    tenantId?: number;
                    /** @description MAC address; stored lowercase with colons (e0:5a:1b:76:ef:60) */
                    mac: string;
                    /** @description the sensor type a claimed device gets, e.g. "58" (Whisper Flex 2) */
                    model: string;
                    /** @description printed on the device or its box; stored hashed; at least 8 characters */
                    claimCode?: string;
                    /** @description the firmware's MQTT password; also proves possession in a claim; stored hashed */
                    factoryPassword?: string;
                    /** @description RISK: anyone who reaches the broker and knows the MAC can then speak as this device. Only for firmware that cannot send credentials. */
                    allowAnonymous?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mac: string;
                        status: "created" | "updated";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postDevicesBulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "devices": [
                 *         {
                 *           "mac": "string",
                 *           "model": "string",
                 *           "claimCode": "string",
                 *           "factoryPassword": "string",
                 *           "allowAnonymous": true
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    tenantId?: number;
                    devices: components["schemas"]["DeviceRegistration"][];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: ({
                            mac: string;
                            status: "created" | "updated";
                        } | {
                            mac: string;
                            /** @enum {string} */
                            status: "error";
                            code: string;
                            message: string;
                        })[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description MAC address; stored lowercase with colons (e0:5a:1b:76:ef:60) */
                mac: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "allowAnonymous": true
                 *     }
                 */
                "application/json": {
                    allowAnonymous: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTenantDevices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTenantDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "mac": "string",
                 *       "model": "string",
                 *       "claimCode": "string",
                 *       "factoryPassword": "string",
                 *       "allowAnonymous": true
                 *     }
                 */
                "application/json": {
                    tenantId?: number;
                    /** @description MAC address; stored lowercase with colons (e0:5a:1b:76:ef:60) */
                    mac: string;
                    /** @description the sensor type a claimed device gets, e.g. "58" (Whisper Flex 2) */
                    model: string;
                    /** @description printed on the device or its box; stored hashed; at least 8 characters */
                    claimCode?: string;
                    /** @description the firmware's MQTT password; also proves possession in a claim; stored hashed */
                    factoryPassword?: string;
                    /** @description RISK: anyone who reaches the broker and knows the MAC can then speak as this device. Only for firmware that cannot send credentials. */
                    allowAnonymous?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mac: string;
                        status: "created" | "updated";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postTenantDevicesBulk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "devices": [
                 *         {
                 *           "mac": "string",
                 *           "model": "string",
                 *           "claimCode": "string",
                 *           "factoryPassword": "string",
                 *           "allowAnonymous": true
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    tenantId?: number;
                    devices: components["schemas"]["DeviceRegistration"][];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: ({
                            mac: string;
                            status: "created" | "updated";
                        } | {
                            mac: string;
                            /** @enum {string} */
                            status: "error";
                            code: string;
                            message: string;
                        })[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTenantDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                /** @description MAC address; stored lowercase with colons (e0:5a:1b:76:ef:60) */
                mac: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "allowAnonymous": true
                 *     }
                 */
                "application/json": {
                    allowAnonymous: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWsTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticket: string;
                        expiresIn: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                tenantId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenantId": 1,
                 *       "url": "string",
                 *       "eventTypes": [
                 *         "user.created"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    tenantId?: number | null;
                    /** @description https; its host must resolve to public addresses only (docs/webhooks.md) */
                    url: string;
                    eventTypes: ("user.created" | "user.deleted" | "member.added" | "member.removed" | "device.claimed" | "device.released" | "device.transferred" | "device.online" | "device.offline" | "device.state" | "command.confirmed" | "command.expired" | "schedule.ran")[];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                        /** @description the Standard Webhooks signing secret; shown once */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "string",
                 *       "eventTypes": [
                 *         "user.created"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    /** @description https; its host must resolve to public addresses only (docs/webhooks.md) */
                    url?: string;
                    eventTypes?: ("user.created" | "user.deleted" | "member.added" | "member.removed" | "device.claimed" | "device.released" | "device.transferred" | "device.online" | "device.offline" | "device.state" | "command.confirmed" | "command.expired" | "schedule.ran")[];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        /** Format: date-time */
                        previousSecretUntil: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryId: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description deliveries older than this id */
                before?: number;
            };
            header?: never;
            path: {
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: number;
                deliveryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryId: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    postAuthPasswordlessLoginCodeV5: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "user@example.com",
                 *       "clientId": "string",
                 *       "redirectUri": "string",
                 *       "codeChallenge": "string",
                 *       "codeChallengeMethod": "string",
                 *       "tenantId": 1,
                 *       "locale": "nl-NL"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    clientId: string;
                    redirectUri: string;
                    codeChallenge?: string;
                    /** @description S256 or sha256 (= S256); plain is refused */
                    codeChallengeMethod?: string;
                    /** @description the brand signed in under */
                    tenantId?: number;
                    /**
                     * @description The locale of an account the code signs up, and of the email when the account has none; absent: the Accept-Language header's first language
                     * @example nl-NL
                     */
                    locale?: string;
                };
                /**
                 * @example {
                 *       "email": "user@example.com",
                 *       "clientId": "string",
                 *       "redirectUri": "string",
                 *       "codeChallenge": "string",
                 *       "codeChallengeMethod": "string",
                 *       "tenantId": 1,
                 *       "locale": "nl-NL"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** Format: email */
                    email: string;
                    clientId: string;
                    redirectUri: string;
                    codeChallenge?: string;
                    /** @description S256 or sha256 (= S256); plain is refused */
                    codeChallengeMethod?: string;
                    /** @description the brand signed in under */
                    tenantId?: number;
                    /**
                     * @description The locale of an account the code signs up, and of the email when the account has none; absent: the Accept-Language header's first language
                     * @example nl-NL
                     */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: "ok" | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
        };
    };
    postAuthTokenV5: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grantType": "string",
                 *       "code": "string",
                 *       "codeVerifier": "string",
                 *       "clientId": "string",
                 *       "clientSecret": "string",
                 *       "redirectUri": "string",
                 *       "refreshToken": "string",
                 *       "scope": "string",
                 *       "makeAccessTokenLongLasting": true
                 *     }
                 */
                "application/json": {
                    grantType?: string;
                    code?: string;
                    codeVerifier?: string;
                    clientId?: string;
                    clientSecret?: string;
                    redirectUri?: string;
                    refreshToken?: string;
                    scope?: string;
                    makeAccessTokenLongLasting?: boolean | string;
                };
                /**
                 * @example {
                 *       "grantType": "string",
                 *       "code": "string",
                 *       "codeVerifier": "string",
                 *       "clientId": "string",
                 *       "clientSecret": "string",
                 *       "redirectUri": "string",
                 *       "refreshToken": "string",
                 *       "scope": "string",
                 *       "makeAccessTokenLongLasting": true
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    grantType?: string;
                    code?: string;
                    codeVerifier?: string;
                    clientId?: string;
                    clientSecret?: string;
                    redirectUri?: string;
                    refreshToken?: string;
                    scope?: string;
                    makeAccessTokenLongLasting?: boolean | string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description the access token */
                            token: string;
                            /** @enum {string} */
                            tokenType: "Bearer";
                            expiresIn: number;
                            refreshToken?: string;
                            scope?: string;
                        } | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
        };
    };
    postAuthLoginV4: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "string",
                 *       "password": "string"
                 *     }
                 */
                "application/json": {
                    username: string;
                    password: string;
                };
                /**
                 * @example {
                 *       "username": "string",
                 *       "password": "string"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description "Bearer <access token>", to be sent as the Authorization header verbatim */
                        token: string;
                        refresh_token?: string;
                        username: string;
                        displayname: string | null;
                        lang: string | null;
                    } | {
                        data: null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
        };
    };
    getUserMeV5: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            username: string;
                            displayName: string | null;
                            email: string;
                        } | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
            /** @description No valid credentials: the bearer token is missing, expired or revoked */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V5Refusal"];
                };
            };
        };
    };
    getUsersCurrentV5: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            username: string;
                            displayName: string | null;
                            email: string;
                            permissions: {
                                tenantId: number;
                                role: number;
                            }[];
                        } | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
            /** @description No valid credentials: the bearer token is missing, expired or revoked */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V5Refusal"];
                };
            };
        };
    };
    getTenantV5: {
        parameters: {
            query?: {
                skip?: number;
                take?: number;
                returnModel?: number;
                tenantQueryType?: number;
                issuesOnly?: boolean;
                sortDescendent?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            name: string;
                            /** @description null for a brand */
                            parentTenantId?: number | null;
                        }[] | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
            /** @description No valid credentials: the bearer token is missing, expired or revoked */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V5Refusal"];
                };
            };
        };
    };
    getSensorV5: {
        parameters: {
            query?: {
                skip?: number;
                take?: number;
                returnModel?: number;
                tenantId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            tenantId: number;
                            deviceId: string;
                            name: string;
                            displayName: string | null;
                            /** @description the sensor type as a string, e.g. "58" */
                            type: string;
                            spaceId: number | null;
                            /** @description present once the device has reported its presence */
                            online?: unknown;
                            connectionType?: unknown;
                            connectionUpdateDate?: unknown;
                            /** @description {fullData: {...}} from the device; null before it reported */
                            latestData: unknown;
                            sensorTypeId?: unknown;
                            sensorType?: unknown;
                            createdAt: string;
                            updatedAt: string;
                        }[] | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
            /** @description No valid credentials: the bearer token is missing, expired or revoked */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V5Refusal"];
                };
            };
        };
    };
    updateSensorV5: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "displayName": "string"
                 *     }
                 */
                "application/json": {
                    displayName: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            tenantId: number;
                            deviceId: string;
                            name: string;
                            displayName: string | null;
                            /** @description the sensor type as a string, e.g. "58" */
                            type: string;
                            spaceId: number | null;
                            /** @description present once the device has reported its presence */
                            online?: unknown;
                            connectionType?: unknown;
                            connectionUpdateDate?: unknown;
                            /** @description {fullData: {...}} from the device; null before it reported */
                            latestData: unknown;
                            sensorTypeId?: unknown;
                            sensorType?: unknown;
                            createdAt: string;
                            updatedAt: string;
                        } | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
            /** @description No valid credentials: the bearer token is missing, expired or revoked */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V5Refusal"];
                };
            };
        };
    };
    listSmarthomeSensorsV5: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            tenantId: number;
                            deviceId: string;
                            name: string;
                            displayName: string | null;
                            /** @description the sensor type as a string, e.g. "58" */
                            type: string;
                            spaceId: number | null;
                            /** @description present once the device has reported its presence */
                            online?: unknown;
                            connectionType?: unknown;
                            connectionUpdateDate?: unknown;
                            /** @description {fullData: {...}} from the device; null before it reported */
                            latestData: unknown;
                            sensorTypeId?: unknown;
                            sensorType?: unknown;
                            createdAt: string;
                            updatedAt: string;
                        }[] | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
            /** @description No valid credentials: the bearer token is missing, expired or revoked */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V5Refusal"];
                };
            };
        };
    };
    getDataStatusV5: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mac: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        } | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
            /** @description No valid credentials: the bearer token is missing, expired or revoked */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V5Refusal"];
                };
            };
        };
    };
    createSensorCommandV5: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mac: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "command": "string"
                 *     }
                 */
                "application/json": {
                    command: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: "ok" | null;
                        errorMessage: string | null;
                        errorDescription?: string;
                    };
                };
            };
            /** @description No valid credentials: the bearer token is missing, expired or revoked */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V5Refusal"];
                };
            };
        };
    };
    getEmailSenderVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postEmailSenderVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "string"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        email: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getPagesPagesCss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPagesFaviconSvg: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getFaviconIco: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listPagesPasskeyJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listDevLoginJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listDevCallbackJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getDevLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    showDevCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthUpstreamCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description To the app's redirect URI with its code, or to the emailed-code step */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthUpstreamCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To GET /auth/upstream/callback */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postEmailSenderVerificationConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthOauth2Authorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthOauth2AuthorizeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthOauth2AuthorizeCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthOauth2AuthorizeLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getConfirmEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postConfirmEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAccountLocale: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAccountProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAccountPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAccountPasskeyRename: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                passkeyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postAccountPasskeyDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                passkeyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postAccountSignout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthOauth2Logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthOauth2Logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAccountExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            /** @description Signed out: to the account page, which signs the browser in */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAccountDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to the account page, which signs the browser in */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAccountDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to the account page, which signs the browser in */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAccountDeleteReauth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the account page, signed out, to sign in again */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    startInvitationSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    confirmInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createAuthOauth2AuthorizePasskeyOption: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthOauth2AuthorizePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createAccountPasskeysOption: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createAccountPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    showDeviceVerificationPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    enterDeviceUserCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    decideDeviceAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthOauth2AuthorizeUpstream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's authorization endpoint */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthOauth2AuthorizeUpstreamCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listAccountProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAccountProvidersUnlink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getTenantAuthOauth2Authorize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAuthOauth2AuthorizeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAuthOauth2AuthorizeCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantAuthOauth2AuthorizeLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantConfirmEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantConfirmEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountLocale: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountPasskeyRename: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                passkeyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountPasskeyDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                passkeyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountSignout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantAuthOauth2Logout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAuthOauth2Logout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantAccountExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            /** @description Signed out: to the account page, which signs the browser in */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantAccountDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to the account page, which signs the browser in */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to the account page, which signs the browser in */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountDeleteReauth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the account page, signed out, to sign in again */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    showTenantInvitationPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    startTenantInvitationSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    confirmTenantInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createTenantAuthOauth2AuthorizePasskeyOption: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAuthOauth2AuthorizePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createTenantAccountPasskeysOption: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createTenantAccountPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    showTenantDeviceVerificationPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    enterTenantDeviceUserCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    decideTenantDeviceAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAuthOauth2AuthorizeUpstream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's authorization endpoint */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTenantAuthOauth2AuthorizeUpstreamCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listTenantAccountProviders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postTenantAccountProvidersUnlink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleConsoleCss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listConsoleConsoleJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getConsoleTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantBrand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantBrand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantBrandPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantBrandPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantEmails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    setConsoleTenantEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantEmailTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantEmailVersionRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
                /** @description the version, numbered per tenant from 1 */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantEmailPreview: {
        parameters: {
            query?: {
                /** @description the language; the brand's default when absent */
                locale?: "en" | "nl" | "de" | "fr";
            };
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantEmailPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantEmailDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                emailType: "passwordReset" | "passwordResetSuccess" | "emailConfirmation" | "passwordlessLogin" | "accountExists" | "invitation" | "accountDeleted" | "passkeyAdded" | "passkeyRemoved";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantPeople: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantCustomers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createConsoleTenantPeopleInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPeopleInvitationRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                invitationId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPeopleInvitationResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                invitationId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPeopleMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantPeopleMemberRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPeopleMemberRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPersonBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPersonUnblock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPersonConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPersonSessionEnd: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPersonSessionsEndAll: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantPersonDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPersonDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantSignIns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantPeopleMemberSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPeopleMemberSessionRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                userId: number;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantApps: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createConsoleTenantApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantAppsSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantAppEdit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantAppRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantAppDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantAppDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantDevices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantDevicesRegister: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantDevicesImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantDevicesCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantDeviceCommand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantDeviceDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantDeviceDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createConsoleTenantDeviceCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                sensorId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createConsoleTenantWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantWebhooksSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantWebhookEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantWebhookRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantWebhookDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantWebhookDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantWebhookDeliveryResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                endpointId: number;
                deliveryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPasskeysMode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createConsoleTenantPasskeysApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantPasskeysAppDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                appId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsoleTenantProviders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    createConsoleTenantProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantProviderTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantProviderEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantProviderDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsoleTenantProviderDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listConsolePlatformProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createConsolePlatformProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postConsolePlatformProviderTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsolePlatformProviderEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsolePlatformProviderDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postConsolePlatformProviderDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsoleTenantAudit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsolePlatform: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getConsole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getTenantConsole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /console, which signs the browser in and comes back */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listDevMailboxMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        type: string;
                        to: string;
                        from: string;
                        subject: string;
                        /** Format: date-time */
                        createdAt: string;
                    }[];
                };
            };
        };
    };
    showDevMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    showDevMailboxMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getDevMailboxMessageText: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Plain text */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    onUserCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "user.created";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the account */
                        userId: number;
                        /** Format: email */
                        email: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onUserDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "user.deleted";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the account */
                        userId: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onMemberAdded: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "member.added";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the account */
                        userId: number;
                        role: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onMemberRemoved: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "member.removed";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the account */
                        userId: number;
                        /** @description the role it had */
                        role: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onDeviceClaimed: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "device.claimed";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the tenant's sensor presenting the device */
                        sensorId: number;
                        /** @description the device's MAC, lower case */
                        mac: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onDeviceReleased: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "device.released";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the tenant's sensor presenting the device */
                        sensorId: number;
                        /** @description the device's MAC, lower case */
                        mac: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onDeviceTransferred: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "device.transferred";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the tenant's sensor presenting the device */
                        sensorId: number;
                        /** @description the device's MAC, lower case */
                        mac: string;
                        /** @description the tenant it left */
                        fromTenantId: number;
                        /** @description the tenant it joined */
                        toTenantId: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onDeviceOnline: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "device.online";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the tenant's sensor presenting the device */
                        sensorId: number;
                        /** @description the device's MAC, lower case */
                        mac: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onDeviceOffline: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "device.offline";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the tenant's sensor presenting the device */
                        sensorId: number;
                        /** @description the device's MAC, lower case */
                        mac: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onDeviceState: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "device.state";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the tenant's sensor presenting the device */
                        sensorId: number;
                        /** @description the device's MAC, lower case */
                        mac: string;
                        /** @description the device's full state, as it reported it */
                        state: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCommandConfirmed: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "command.confirmed";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the sensor */
                        sensorId: number;
                        /** @description GET /sensors/{sensorId}/commands/{commandId} */
                        commandId: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCommandExpired: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "command.expired";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the sensor */
                        sensorId: number;
                        /** @description GET /sensors/{sensorId}/commands/{commandId} */
                        commandId: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onScheduleRan: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<event id>: the same on every attempt and re-send; a receiver drops a copy it has seen */
                "webhook-id": string;
                /** @description seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256> per live secret, space-separated (Standard Webhooks) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "schedule.ran";
                    /**
                     * Format: date-time
                     * @description when the change committed
                     */
                    timestamp: string;
                    /**
                     * @description the payload's version; a change that is not additive comes as a new version
                     * @constant
                     */
                    version: 1;
                    /** @description the tenant it happened in (null: a platform account) */
                    tenantId: number | null;
                    data: {
                        /** @description the sensor */
                        sensorId: number;
                        /** @description the schedule group */
                        groupId: number;
                        /** @description the schedule item */
                        itemId: number;
                        /**
                         * Format: date-time
                         * @description the cron time it ran for
                         */
                        occurrence: string;
                        /** @enum {string} */
                        outcome: "sent" | "missed" | "refused" | "failed";
                        commandIds: number[];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx: received. Anything else, no answer within 10 s, or a redirect: retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
