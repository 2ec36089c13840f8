// The stores and the one policy that picks among them live in node-base, shared with the chat's API keys.
export {
    CredentialStore, MemoryCredentialStore, NoCredentialStore, FileCredentialStore, KeyringCredentialStore, chooseCredentialStore
} from '@ai-cli-companion/node-base';
