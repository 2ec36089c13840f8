// Diagnose Connection's request and report are the core's (the .vsix runs the same checks).
export type { CheckStatus, ConnectionDiagnosis, DiagnosisCheck, DiagnosisRequest, DiagnosisSection } from '@ai-cli-companion/core';
