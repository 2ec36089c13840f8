/** What a turn tells about the questions it asks (the pending questions of the companion's status item). */
export interface AcpQuestionTracker {
    asked(id: string, about: string): void;
    settled(id: string): void;
}
