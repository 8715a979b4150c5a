// How much of the trie one emitted function holds. A child subtree that does not fit in what is left becomes a
// function of its own: V8 optimizes small functions soon and never optimizes very large ones, so no function
// may grow with the size of the table.
import { nodesOf, type TrieNode } from '../../trie.js';

/**
 * The size budget of one function, in trie nodes plus routes (each a few lines of source). Its value barely
 * changes the cost of a lookup (docs/benchmarks.md, "Why these thresholds"); what it bounds is the largest
 * function as tables grow: V8 does not optimize a function of thousands of lines.
 */
export const FUNCTION_BUDGET = 64;
/**
 * A subtree this small is inlined even past the budget (while the function has some left): a function per leaf
 * would only add calls (and JIT warm-up); smaller and larger values count alike (docs/benchmarks.md, "Why these
 * thresholds").
 */
export const ALWAYS_INLINE = 6;

/** The budget of the function being emitted, and the sizes of subtrees (computed once, without recursion). */
export class FunctionBudget {
  private left = FUNCTION_BUDGET;
  private readonly sizes = new Map<TrieNode, number>();

  /**
   * True when `child` is emitted inline (and charged to the current function), false when it needs its own. A
   * small subtree is inlined even past the budget, but not once the function has spent it all: no function
   * grows without bound.
   */
  fitsInline(child: TrieNode): boolean {
    const size = this.sizeOf(child);
    if (size > this.left && (size > ALWAYS_INLINE || this.left <= 0)) return false;
    this.left -= size;
    return true;
  }

  /** Starts a new function; returns what the enclosing one had left, for leave(). */
  enter(): number {
    const outer = this.left;
    this.left = FUNCTION_BUDGET;
    return outer;
  }

  leave(outer: number): void {
    this.left = outer;
  }

  /** The weight of a subtree: its nodes plus its routes. */
  sizeOf(node: TrieNode): number {
    if (!this.sizes.has(node)) {
      // Children before parents, without recursion (a template may be thousands of segments deep).
      const order = nodesOf(node);
      for (let i = order.length - 1; i >= 0; i--) {
        const n = order[i];
        if (this.sizes.has(n)) continue;
        let size = 1 + n.terminals.length + n.catchAlls.length;
        for (const child of n.literalNodes) size += this.sizes.get(child)!;
        if (n.parameter) size += this.sizes.get(n.parameter)!;
        for (const edge of n.complex) size += this.sizes.get(edge.node)!;
        this.sizes.set(n, size);
      }
    }
    return this.sizes.get(node)!;
  }
}
