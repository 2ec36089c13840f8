// A Secret Service of the test's own: a private D-Bus session (dbus-run-session) with
// gnome-keyring-daemon serving an unlocked "login" keyring under a temp HOME. The OS keychain store
// (@napi-rs/keyring, over D-Bus) reaches it through DBUS_SESSION_BUS_ADDRESS; the user's keyring is never touched.
// Needs the Debian packages dbus, gnome-keyring and libsecret-tools (scripts/ensure-system-deps.sh).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { waitUntil } from './wait.mjs';

const run = promisify(execFile);

export class PrivateKeyring {
    /** @param {string} dir an empty folder owned by the caller (the keyring files go here) */
    static async start(dir) {
        const missing = ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool']
            .filter(tool => !(process.env.PATH ?? '').split(path.delimiter).some(bin => fs.existsSync(path.join(bin, tool))));
        if (missing.length > 0) {
            throw new Error(`${missing.join(', ')} not found: install the Debian packages dbus, gnome-keyring and libsecret-tools ` +
                '(bash scripts/ensure-system-deps.sh --with-browser).');
        }
        fs.mkdirSync(dir, { recursive: true });
        const addressFile = path.join(dir, 'dbus-address');
        // The unlock password comes on stdin; a non-empty one creates the login keyring without a prompt.
        const script = `printf '%s' "$DBUS_SESSION_BUS_ADDRESS" > '${addressFile}'\n` +
            'printf test-unlock | exec gnome-keyring-daemon --unlock --components=secrets --foreground';
        const child = spawn('dbus-run-session', ['--', 'sh', '-c', script], {
            env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_RUNTIME_DIR: dir },
            stdio: ['ignore', 'ignore', 'pipe'], detached: true
        });
        let stderr = '';
        child.stderr.on('data', chunk => { stderr += chunk; });
        const keyring = new PrivateKeyring(child, addressFile);
        try {
            keyring.address = await waitUntil(() => fs.existsSync(addressFile) && fs.readFileSync(addressFile, 'utf8'),
                { timeout: 15_000, what: 'the private D-Bus session', diagnostics: () => stderr });
            // The daemon must own the Secret Service name before the first client call: a call made
            // earlier makes D-Bus start a second daemon, which races the first over login.keyring, finds
            // it locked and wants a password prompt, so every store fails.
            await waitUntil(() => keyring.serving(), { timeout: 15_000, what: 'gnome-keyring-daemon to own org.freedesktop.secrets', diagnostics: () => stderr });
            // Ready once an item can be stored (the login collection exists and is unlocked).
            await waitUntil(() => keyring.store('private-keyring-ready', 'probe', 'ok').then(() => true),
                { timeout: 15_000, what: 'gnome-keyring-daemon to serve secrets', diagnostics: () => stderr });
        } catch (error) {
            keyring.stop();
            throw error;
        }
        return keyring;
    }

    constructor(child, addressFile) {
        this.child = child;
        this.addressFile = addressFile;
    }

    /** The environment a process needs to use this keyring. */
    get env() {
        return { DBUS_SESSION_BUS_ADDRESS: this.address };
    }

    /** Whether the Secret Service name has an owner on the private bus (asking never activates it). */
    async serving() {
        const { stdout } = await run('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus',
            'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'], { env: { ...process.env, ...this.env } });
        return /boolean true/.test(stdout);
    }

    async store(service, account, secret) {
        const child = execFile('secret-tool', ['store', '--label', `${service} ${account}`, 'service', service, 'account', account],
            { env: { ...process.env, ...this.env } });
        child.stdin.end(secret);
        await new Promise((resolve, reject) => child.on('exit', code => code === 0 ? resolve() : reject(new Error(`secret-tool store exited ${code}`))));
    }

    /** The secret @napi-rs/keyring stored for (service, account): its attributes are service and username. Or undefined. */
    async lookup(service, account) {
        try {
            const { stdout } = await run('secret-tool', ['lookup', 'service', service, 'username', account], { env: { ...process.env, ...this.env } });
            return stdout;
        } catch {
            return undefined;
        }
    }

    stop() {
        try {
            process.kill(-this.child.pid, 'SIGKILL'); // dbus-run-session, its bus and the daemon: one group
        } catch {
            // already gone
        }
    }
}
