// What a page does with system notifications (the browser's `Notification`), for the specs that prove
// one is raised: run `recordNotifications` as an init script (with the permission granted), then read
// `window.__notifications` in the page.

/** Records every system notification the page creates, its click target and whether it was closed. */
export function recordNotifications() {
    const Real = window.Notification;
    window.__notifications = [];
    window.Notification = class extends Real {
        constructor(title, options) {
            super(title, options);
            this.closedByPage = false;
            window.__notifications.push({ title, body: options?.body ?? '', instance: this });
        }
        close() {
            this.closedByPage = true;
            super.close();
        }
    };
}

/** The notifications the page has raised so far: title, body, and whether the page closed it. */
export function recordedNotifications(page) {
    return page.evaluate(() => window.__notifications.map(n => ({ title: n.title, body: n.body, closed: n.instance.closedByPage })));
}

/** Clicks the page's nth notification as the system would (a real click also raises the browser window). */
export function clickNotification(page, index) {
    return page.evaluate(i => window.__notifications[i].instance.dispatchEvent(new Event('click')), index);
}
