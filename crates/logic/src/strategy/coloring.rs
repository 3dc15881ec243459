//! Coloring: Remote Pair, Simple Colors and Multi Colors. Each splits a network of cells into two colors, one
//! of which holds the digits in question.

use super::{Technique, cell_list, digits, elimination, templates};
use crate::{Candidates, CellDigit, CellSet, Step, sees};
use sudoku_engine::grid::{Position, Unit};

/// The cells of a connected network, each with its color (0 or 1).
struct Colored {
    cells: Vec<(Position, u8)>,
}

impl Colored {
    fn of_color(&self, color: u8) -> CellSet {
        self.cells
            .iter()
            .filter(|c| c.1 == color)
            .map(|c| c.0)
            .collect()
    }
}

/// Colors the networks of `cells` joined by `linked`, two colors alternating along each link.
fn networks(cells: &[Position], linked: impl Fn(Position, Position) -> bool) -> Vec<Colored> {
    let mut seen = CellSet::EMPTY;
    let mut found = Vec::new();
    for &start in cells {
        if seen.contains(start) {
            continue;
        }
        seen.insert(start);
        let mut network = vec![(start, 0u8)];
        let mut next = 0;
        while next < network.len() {
            let (cell, color) = network[next];
            next += 1;
            for &other in cells {
                if !seen.contains(other) && linked(cell, other) {
                    seen.insert(other);
                    network.push((other, 1 - color));
                }
            }
        }
        found.push(Colored { cells: network });
    }
    found
}

/// Cells with the same two candidates, chained by seeing each other: along the chain the two
/// digits alternate, so a cell seeing two chain cells of different colors holds neither.
pub fn remote_pair(candidates: &Candidates) -> Option<Step> {
    let pairs: Vec<Position> = Position::all()
        .filter(|&p| candidates.mark_bits(p).count_ones() == 2)
        .collect();
    let mut kinds: Vec<u16> = pairs.iter().map(|&p| candidates.mark_bits(p)).collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds.into_iter().find_map(|pair| {
        let cells: Vec<Position> = pairs
            .iter()
            .copied()
            .filter(|&p| candidates.mark_bits(p) == pair)
            .collect();
        networks(&cells, sees).into_iter().find_map(|network| {
            if network.cells.len() < 4 {
                return None;
            }
            // Two cells of different colors at least three links apart.
            network.cells.iter().find_map(|&(a, color_a)| {
                network.cells.iter().find_map(|&(b, color_b)| {
                    if color_a == color_b || a >= b || sees(a, b) {
                        return None;
                    }
                    let ends: CellSet = [a, b].into_iter().collect();
                    let in_chain: CellSet = network.cells.iter().map(|c| c.0).collect();
                    let targets = ends.common_peers() - in_chain;
                    let removed: Vec<CellDigit> = targets
                        .iter()
                        .flat_map(|position| {
                            digits(candidates.mark_bits(position) & pair)
                                .map(move |digit| CellDigit { position, digit })
                        })
                        .collect();
                    let chain: Vec<Position> = network.cells.iter().map(|c| c.0).collect();
                    let names: Vec<String> = digits(pair).map(|d| d.to_string()).collect();
                    let reason = || {
                        format!(
                            "{} in {}; {a} and {b} hold different digits",
                            names.join("/"),
                            cell_list(&chain)
                        )
                    };
                    elimination(Technique::RemotePair, removed, reason)
                })
            })
        })
    })
}

/// For one digit, its cells joined by strong links (units where the digit has two places),
/// each network of two or more cells split into its two colors, one of which holds the digit.
/// Networks come in the order of their first cell, and the first color is that cell's.
fn colored_networks(candidates: &Candidates, digit: u8) -> Vec<[CellSet; 2]> {
    let places = candidates.digit_cells(digit);
    // For each cell, the cells it shares a strong link with.
    let mut links = [CellSet::EMPTY; 81];
    for unit in Unit::all() {
        let cells = places & CellSet::unit(unit);
        if let [a, b] = cells.iter().collect::<Vec<_>>()[..] {
            links[a.index()].insert(b);
            links[b.index()].insert(a);
        }
    }
    let strong = |a: Position, b: Position| links[a.index()].contains(b);
    let linked: Vec<Position> = places
        .iter()
        .filter(|p| !links[p.index()].is_empty())
        .collect();
    networks(&linked, strong)
        .into_iter()
        .map(|network| [network.of_color(0), network.of_color(1)])
        .collect()
}

/// The cells some cell of `cells` sees.
fn seen_by(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::EMPTY, |seen, p| seen | CellSet::peers(p))
}

/// The cells of a color, for a reason.
fn names(set: CellSet) -> String {
    cell_list(&set.iter().collect::<Vec<_>>())
}

/// For one digit, the cells joined by strong links take two colors, one of which holds the
/// digit. Two cells of one color seeing each other rule that color out (wrap); a cell seeing
/// both colors cannot hold the digit (trap).
pub fn simple_colors(candidates: &Candidates) -> Option<Step> {
    templates::digits_to_search(&candidates.places()).find_map(|(digit, places)| {
        colored_networks(candidates, digit)
            .into_iter()
            .find_map(|colors| {
                // Wrap: a color that sees itself is false everywhere.
                for (color, &set) in colors.iter().enumerate() {
                    let clash = set.iter().any(|p| !(CellSet::peers(p) & set).is_empty());
                    if clash {
                        let removed = set.iter().map(|position| CellDigit { position, digit });
                        let reason = || {
                            format!(
                                "{digit} colored {} / {}: color {} sees itself",
                                names(colors[0]),
                                names(colors[1]),
                                color + 1
                            )
                        };
                        return elimination(Technique::SimpleColors, removed.collect(), reason);
                    }
                }
                // Trap: cells seeing both colors.
                let targets =
                    (places & seen_by(colors[0]) & seen_by(colors[1])) - colors[0] - colors[1];
                let removed = targets.iter().map(|position| CellDigit { position, digit });
                let reason = || {
                    format!(
                        "{digit} colored {} / {}",
                        names(colors[0]),
                        names(colors[1])
                    )
                };
                elimination(Technique::SimpleColors, removed.collect(), reason)
            })
    })
}

/// Multi Colors, for one digit and two colored networks A and B, as HoDoKu looks for them
/// (every ordered pair of networks; the first kind, then the second). A color of A that sees
/// both colors of B is false, since one of B's colors is true. A color of A that sees a color
/// of B cannot be true with it, so one of the two other colors is: cells seeing both of those
/// lose the digit.
pub fn multi_colors(candidates: &Candidates) -> Option<Step> {
    templates::digits_to_search(&candidates.places()).find_map(|(digit, places)| {
        let networks = colored_networks(candidates, digit);
        let step = |a: &[CellSet; 2], b: &[CellSet; 2], targets: CellSet, why: &str| {
            let removed = targets.iter().map(|position| CellDigit { position, digit });
            let reason = || {
                format!(
                    "{digit} colored {} / {} and {} / {}: {why}",
                    names(a[0]),
                    names(a[1]),
                    names(b[0]),
                    names(b[1])
                )
            };
            elimination(Technique::MultiColors, removed.collect(), reason)
        };
        networks.iter().enumerate().find_map(|(i, a)| {
            networks.iter().enumerate().find_map(|(j, b)| {
                if i == j {
                    return None;
                }
                let sees = |x: CellSet, y: CellSet| !(seen_by(x) & y).is_empty();
                let false_colors = a
                    .iter()
                    .filter(|&&color| sees(color, b[0]) && sees(color, b[1]))
                    .fold(CellSet::EMPTY, |all, &color| all | color);
                if let Some(found) = step(
                    a,
                    b,
                    places & false_colors,
                    "a color sees both colors of the other",
                ) {
                    return Some(found);
                }
                let mut targets = CellSet::EMPTY;
                for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    if sees(a[x], b[y]) {
                        let (other_a, other_b) = (a[1 - x], b[1 - y]);
                        targets = targets
                            | ((places & seen_by(other_a) & seen_by(other_b)) - other_a - other_b);
                    }
                }
                step(a, b, targets, "two colors see each other")
            })
        })
    })
}

/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn remote_pair_in_a_real_position() {
        assert_step(
            Technique::RemotePair,
            ".2.......1.3.5...91.3.....91.....7.9.....6......4...........7.91.3.5...........8.1...5...9......7.....4.......3..........5...9.......8..2...6...12..56....2..56...1.3.5...9.....6.8......6.8.1.....7.9.2...........5.7.9......7.91.3.5.......4..........6....2.........3.5.7........7.9..3.5.7.9..3.5.7.9...4............8.1........1.3...7.91.3.....91.3...7.9...4............8..2...6.......5.....2...6.....3...7.........8....4.......3.5.7...2...6...1..........3.5.7...2...6...........9..3...7..1.....7.91....6.8912...6789....5..........7.9.2...67.9..3.........4......2...6..9..345.7.9..3.56..9.23..67.9.2...6.....34..7.91...............8..2..56....2..56..9..345...9..3.56..9.23..6..9.......8...34....9.23..6..91..............7...2..56..9",
            "Remote Pair: 2/6 in r2c7, r6c7, r5c8, r6c4, r5c6, r8c4; r5c8 and r8c4 hold different digits -> r8c8 <> 2, r8c8 <> 6",
        );
    }

    #[test]
    fn simple_colors_in_a_real_position() {
        assert_step(
            Technique::SimpleColors,
            "1...5.....23.......23.........4.....1...5.7..1.....7.......6..........8.........9...4.....1...5.........6...1.3.5...........8.........9.2.............7..1.3.5..........7.........8.........91.3.5.....2............6...1..45....1.3.5....1.345.....2...............91...5....1...5.........6..........8...3.........4...........7.......6.........7.....4.............91...5......3.............8.1...5.....2..............8...3.5....1.3.5.....2..........4..7.....4..7..1...5...91...56..91...56...1.3.....912.4............8.......7..1..4....9....5....1..4....9123..6..91.34.6...1...5...9.....6....2..5...........8...3......12.4...........7..12..5...91..45....1.3.5...912.45..........7.......6...1..4....912.4.....1..45...9123.5...9.......8.",
            "Simple Colors: 5 colored r1c1, r4c3, r5c5 / r1c5, r2c2, r4c4, r5c8 -> r6c2 <> 5",
        );
    }

    #[test]
    fn multi_colors_in_a_real_position() {
        assert_step(
            Technique::MultiColors,
            "..3.5.....2.........3.5..89....5..89....56.8.1...........4.6.........7.....4.6.8.1....67.......67..1......8....4...8....4.678...3..............9.2...........5........567.....4.........5..89....5.789.2...........56...1..........3...........6.8.12.45...........8.12..5....1..45....1..45............9..3...........6.........7.....45.7..........9....5.7.......6.....3.............8..2..........45....1........1..4.......3...........6....2.......1..45..........7.....45..8........89...4....9........9.....67.....4.........5..8.....5678..2...........5678.1..........3.......23..67......5.....23...7..1.3...78.1....678....4..........678........89.....6..9.......8.1..........3...7....3.5.7..........9....56......4567.....45.....2.......",
            "Multi Colors: 5 colored r3c6 / r9c6 and r5c8, r6c5 / r6c7, r9c8: two colors see each other -> r1c5 <> 5",
        );
    }
}
