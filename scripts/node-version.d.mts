export declare const NEEDED_MAJOR: number;
export declare const NEEDED_MINOR: number;
export declare function nodeVersionProblem(version: string): string | null;
