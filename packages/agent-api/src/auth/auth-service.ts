import * as fs from 'fs';
import * as path from 'path';
import type { ApiAgent } from '../engine/api-agent';
import { ApiError, badRequest } from '../http/api-envelope';
import { AUTH_TYPES, AuthType } from '../http/api-types';
import type { CredentialStore } from './credential-store';

interface StoredAuth {
    authType: AuthType;
    apiKey?: string;
    googleCloudProject?: string;
    googleCloudLocation?: string;
}

const STORE_KEY = 'auth-config';

export interface AuthStatus {
    isAuthenticated: boolean;
    authType: AuthType | null;
    hasApiKey: boolean;
    hasGoogleCloudConfig: boolean;
}

/**
 * The spec's `/auth/*` state. Secrets stay in the credential store and reach the agent only through
 * its environment at its next start; nothing here returns or logs them.
 */
export class AuthService {
    private cached: StoredAuth | undefined | null = null;

    constructor(private readonly store: CredentialStore, private readonly profile: ApiAgent,
        /** The environment the agent inherits (the server's): an API key there counts as configured. */
        private readonly baseEnv: NodeJS.ProcessEnv,
        /** Told every secret as it is set, before it is stored: the server's scrubber must know it from then on. */
        private readonly onSecret: (secret: string) => void = () => undefined) { }

    get storeDescription(): string {
        return this.store.description;
    }

    async configure(body: Record<string, unknown>): Promise<string> {
        const authType = body.authType;
        if (typeof authType !== 'string' || !(AUTH_TYPES as readonly string[]).includes(authType)) {
            throw badRequest(`"authType" must be one of ${AUTH_TYPES.join(', ')}.`);
        }
        const optionalString = (name: string) => {
            const value = body[name];
            if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) {
                throw badRequest(`"${name}" must be a non-empty string.`);
            }
            return value as string | undefined;
        };
        const stored: StoredAuth = { authType: authType as AuthType };
        const apiKey = optionalString('apiKey');
        const project = optionalString('googleCloudProject');
        const location = optionalString('googleCloudLocation');
        switch (authType) {
            case 'gemini-api-key':
                if (!apiKey) {
                    throw badRequest('"apiKey" is required for gemini-api-key.');
                }
                if (!this.profile.apiKeyEnv) {
                    throw badRequest(`${this.profile.displayName} has no API key variable: name it with "apiKeyEnv" in its aiCliChat.agents entry (or --agent-key-env).`);
                }
                stored.apiKey = apiKey;
                break;
            case 'vertex-ai':
                if (!project || !location) {
                    throw badRequest('"googleCloudProject" and "googleCloudLocation" are required for vertex-ai.');
                }
                Object.assign(stored, { googleCloudProject: project, googleCloudLocation: location }, apiKey ? { apiKey } : {});
                break;
            case 'oauth-personal':
                if (!this.hasCachedLogin()) {
                    throw new ApiError(400, 'Login required',
                        `No cached Google login of ${this.profile.displayName} was found. To log in, ${this.profile.loginHint}.`);
                }
                break;
        }
        if (stored.apiKey) {
            this.onSecret(stored.apiKey);
        }
        try {
            await this.store.set(STORE_KEY, JSON.stringify(stored));
        } catch (error) {
            throw new ApiError(503, 'Credentials cannot be stored', `The ${this.profile.displayName} credentials were not stored. ${(error as Error).message}`);
        }
        this.cached = stored;
        return `Authentication set to ${authType}; the agent uses it from its next start.`;
    }

    async status(): Promise<AuthStatus> {
        const stored = await this.load();
        if (stored) {
            return {
                isAuthenticated: stored.authType !== 'oauth-personal' || this.hasCachedLogin(),
                authType: stored.authType,
                hasApiKey: stored.apiKey !== undefined,
                hasGoogleCloudConfig: stored.googleCloudProject !== undefined && stored.googleCloudLocation !== undefined
            };
        }
        const envKey = !!this.profile.apiKeyEnv && !!this.baseEnv[this.profile.apiKeyEnv];
        const envCloud = !!this.baseEnv.GOOGLE_CLOUD_PROJECT && !!this.baseEnv.GOOGLE_CLOUD_LOCATION;
        return {
            isAuthenticated: envKey || (envCloud && this.baseEnv.GOOGLE_GENAI_USE_VERTEXAI === 'true'),
            authType: envKey ? 'gemini-api-key' : envCloud ? 'vertex-ai' : null,
            hasApiKey: envKey,
            hasGoogleCloudConfig: envCloud
        };
    }

    async clear(): Promise<void> {
        await this.store.delete(STORE_KEY);
        this.cached = undefined;
    }

    /** Variables the agent gets on top of the server's environment. */
    async environment(): Promise<Record<string, string>> {
        const stored = await this.load();
        if (!stored) {
            return {};
        }
        switch (stored.authType) {
            case 'gemini-api-key':
                return this.profile.apiKeyEnv ? { [this.profile.apiKeyEnv]: stored.apiKey! } : {};
            case 'vertex-ai':
                return {
                    GOOGLE_GENAI_USE_VERTEXAI: 'true',
                    GOOGLE_CLOUD_PROJECT: stored.googleCloudProject!,
                    GOOGLE_CLOUD_LOCATION: stored.googleCloudLocation!,
                    ...(stored.apiKey ? { GOOGLE_API_KEY: stored.apiKey } : {})
                };
            case 'oauth-personal':
                return { GOOGLE_GENAI_USE_GCA: 'true' };
        }
    }

    /** Secret values to scrub from anything the server prints or sends. */
    async secrets(): Promise<string[]> {
        const stored = await this.load();
        return stored?.apiKey ? [stored.apiKey] : [];
    }

    /** What to answer `/auth/google-login` with: the CLI owns the Google login flow. */
    googleLoginUnsupported(): ApiError {
        return new ApiError(501, 'Not supported',
            `This server does not take OAuth codes: ${this.profile.displayName} runs its own Google login. To log in, ` +
            `${this.profile.loginHint}; then POST /auth/config {"authType":"oauth-personal"}.`);
    }

    private hasCachedLogin(): boolean {
        const home = this.baseEnv.HOME ?? this.baseEnv.USERPROFILE;
        return !!home && !!this.profile.oauthCredentialFile && fs.existsSync(path.join(home, this.profile.oauthCredentialFile));
    }

    private async load(): Promise<StoredAuth | undefined> {
        if (this.cached === null) {
            const text = await this.store.get(STORE_KEY);
            try {
                this.cached = text ? JSON.parse(text) as StoredAuth : undefined;
            } catch {
                this.cached = undefined; // a damaged entry counts as none; the next /auth/config replaces it
            }
        }
        return this.cached;
    }
}
