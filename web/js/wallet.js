// PLACEHOLDER (stream A): stream C replaces this file with the real wallet script.
// Kept tiny so the pages reference a file that exists; see /work/issue9-contract.md.
export {};
