// madge ships no types; this is the part of its API the architecture test uses
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    baseDir?: string;
    excludeRegExp?: RegExp[];
  }
  interface MadgeResult {
    /** Each circle as the files on it, relative to the base directory. */
    circular(): string[][];
    /** Every file's imports, relative to the base directory. */
    obj(): Record<string, string[]>;
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
