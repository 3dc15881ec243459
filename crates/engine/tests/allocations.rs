//! What the engines allocate: nothing at all while solving or counting a 9x9 puzzle, and at
//! other sizes a fixed amount for the puzzle's size, however large the search grows.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use sudoku_engine::Grid;
use sudoku_engine::sized::{self, SizedGrid};

/// The system allocator, counting what each thread asks of it.
struct Counting;

thread_local! {
    /// Allocations (and reallocations) made by this thread.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    /// Bytes this thread holds now.
    static LIVE: Cell<i64> = const { Cell::new(0) };
    /// The most bytes this thread has held since [`measure`] last set the mark.
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

/// Counts `allocations` more, and `bytes` more held (fewer when negative).
fn count(allocations: u64, bytes: i64) {
    // `try_with`: a thread being torn down has no counters left, and needs none.
    let _ = ALLOCATIONS.try_with(|made| made.set(made.get() + allocations));
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + bytes);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// SAFETY: every call is passed on to `System` unchanged; the counting touches only
// thread-local cells that need no allocation.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(1, layout.size() as i64);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(0, -(layout.size() as i64));
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(1, new_size as i64 - layout.size() as i64);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// What `work` allocated on this thread: the number of allocations, and the most bytes it held
/// at once beyond what was held before.
fn measure<T>(work: impl FnOnce() -> T) -> (T, u64, i64) {
    let before = ALLOCATIONS.with(Cell::get);
    let live = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(live));
    let result = std::hint::black_box(work());
    let allocations = ALLOCATIONS.with(Cell::get) - before;
    (result, allocations, PEAK.with(Cell::get) - live)
}

/// The puzzle lines of a collection (comments and blank lines left out).
fn puzzle_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// A grid of another size from its line.
fn sized_grid(line: &str) -> SizedGrid {
    SizedGrid::parse(line, None, None).expect("a grid").0
}

#[test]
fn nine_by_nine_searches_allocate_nothing() {
    let hardest = include_str!("../../../puzzles/hardest_1106.txt");
    let no_solution = include_str!("../../../puzzles/slow_no_solution.txt");
    let puzzles: Vec<Grid> = puzzle_lines(hardest)
        .take(40)
        .chain(puzzle_lines(no_solution).take(4))
        .map(|line| line[..81].parse().expect("a 9x9 puzzle"))
        .collect();
    for puzzle in &puzzles {
        let (solution, allocations, _) = measure(|| sudoku_engine::solve(puzzle));
        assert_eq!(allocations, 0, "solving {puzzle:?}");
        if let Some(solution) = solution {
            assert!(solution.is_solution_of(puzzle));
        }
        let (_, allocations, _) = measure(|| sudoku_engine::count_solutions(puzzle, 2));
        assert_eq!(allocations, 0, "counting {puzzle:?}");
        let (_, allocations, _) = measure(|| sudoku_engine::is_unique(puzzle));
        assert_eq!(allocations, 0, "asking whether {puzzle:?} is unique");
    }
    // A long count: the empty grid to 5,000 solutions.
    let empty = Grid::empty();
    let (count, allocations, _) = measure(|| sudoku_engine::count_solutions(&empty, 5_000));
    assert_eq!((count.found, count.limit_reached), (5_000, true));
    assert_eq!(allocations, 0, "counting the empty grid");
}

/// What a count of `grid` to `limit` takes.
struct CountCost {
    /// The most bytes it held at once.
    peak: i64,
    /// Its allocations.
    allocations: u64,
    /// The nodes of its search.
    nodes: u64,
}

/// Counts `grid` to `limit`, measuring what it takes.
fn count_cost(grid: &SizedGrid, limit: u64) -> CountCost {
    let mut stats = Default::default();
    let (count, allocations, peak) =
        measure(|| sized::count_measured(grid, limit, None, &mut stats));
    assert!(count.is_ok());
    CountCost {
        peak,
        allocations,
        nodes: stats.nodes,
    }
}

#[test]
fn other_sizes_hold_and_allocate_no_more_for_a_larger_search() {
    // A 16x16 puzzle with a third of its givens taken out has a great many solutions: a count
    // to 2 and one to 30,000 reach about the same depth, in trees of very different sizes.
    let line = puzzle_lines(include_str!("../../../puzzles/gecode_16x16.txt"))
        .next()
        .expect("a 16x16 puzzle");
    let mut sparse = sized_grid(line);
    let givens: Vec<usize> = (0..sparse.cells().len())
        .filter(|&cell| sparse.get(cell) != 0)
        .collect();
    for &cell in givens.iter().step_by(3) {
        sparse.set(cell, 0);
    }
    let small = count_cost(&sparse, 2);
    let large = count_cost(&sparse, 30_000);
    assert!(
        large.nodes >= 500 * small.nodes,
        "{} -> {} nodes",
        small.nodes,
        large.nodes
    );
    assert!(
        large.peak <= small.peak + small.peak / 4,
        "{} bytes for {} nodes, {} for {}",
        small.peak,
        small.nodes,
        large.peak,
        large.nodes
    );
    // A node allocates nothing: what the large count allocates is its set-up and the room
    // its buffers grow into (470 allocations for 60,071 nodes), not a share of each node (a
    // guess's list of choices on the heap made 30,539).
    assert!(
        large.allocations * 50 <= large.nodes,
        "{} allocations for {} nodes",
        large.allocations,
        large.nodes
    );
}

#[test]
fn other_sizes_hold_what_their_size_needs() {
    // The most bytes a count to 2 may hold, by side: a few hundred per cell at 16x16 and
    // below, and at 25x25 mostly the trials probing keeps for reuse (at most 4 MiB).
    let collections = [
        (include_str!("../../../puzzles/sizes_4x4.txt"), 20_000),
        (include_str!("../../../puzzles/sizes_6x6.txt"), 30_000),
        (include_str!("../../../puzzles/gecode_16x16.txt"), 150_000),
        (
            include_str!("../../../puzzles/gecode_25x25_one.txt"),
            5_000_000,
        ),
    ];
    for (text, bound) in collections {
        for line in puzzle_lines(text).take(10) {
            let grid = sized_grid(line);
            let peak = count_cost(&grid, 2).peak;
            assert!(peak <= bound, "{peak} bytes held for {line}");
        }
    }
}
