import type { OutputChunk } from 'rollup';

/** A chunk of a build's bundle for the build plugins' tests: the given fields over empty defaults. */
export function chunk(fileName: string, fields: Partial<OutputChunk> & { css?: string[] } = {}): OutputChunk {
  const { css = [], ...rest } = fields;
  return {
    type: 'chunk',
    fileName,
    isEntry: false,
    imports: [],
    dynamicImports: [],
    moduleIds: [],
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    ...rest,
  } as OutputChunk;
}
