export declare function terminalLine(line: string, label: string): string | null;
