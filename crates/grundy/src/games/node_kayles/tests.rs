use super::*;
use crate::search::Search;
use proptest::prelude::*;

/// The mex recursion over whole sets, no components.
fn plain(graph: &Graph, set: Set, memo: &mut HashMap<Set, u32>) -> u32 {
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let seen: Vec<u64> = members(set)
        .map(|v| plain(graph, graph.take(set, v), memo) as u64)
        .collect();
    let v = crate::nimber::mex(seen) as u32;
    memo.insert(set, v);
    v
}

fn search(g: &Graph, memory: usize) -> Search<NodeKayles> {
    Search::new(NodeKayles::new(g.clone()), memory)
}

#[test]
fn paths_are_dawsons_chess() {
    let rule: HeapRule = "0.137".parse().unwrap();
    let dawson = compute(&rule, 60, &Options::default()).unwrap();
    for (n, &want) in dawson.iter().enumerate().skip(1) {
        let g = Graph::parse(&format!("path:{n}")).unwrap();
        assert_eq!(
            search(&g, 1 << 20).value(&g.all()).unwrap(),
            want,
            "path:{n}"
        );
        // A cycle: every move leaves a path of three vertices fewer.
        if n >= 3 {
            let c = Graph::parse(&format!("cycle:{n}")).unwrap();
            let after = u32::from(dawson[n - 3] == 0);
            assert_eq!(
                search(&c, 1 << 20).value(&c.all()).unwrap(),
                after,
                "cycle:{n}"
            );
        }
    }
}

#[test]
fn grids_are_the_published_values() {
    // OEIS A316632: 3 x n grids, n = 1..16; ladders alternate; 4 x n is 0.
    let a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    for (k, &want) in a316632.iter().enumerate() {
        let g = Graph::parse(&format!("grid:3x{}", k + 1)).unwrap();
        assert_eq!(
            search(&g, 1 << 26).value(&g.all()).unwrap(),
            want,
            "3x{}",
            k + 1
        );
    }
    for n in 1..=12 {
        let g = Graph::parse(&format!("grid:2x{n}")).unwrap();
        assert_eq!(search(&g, 1 << 22).value(&g.all()).unwrap(), n as u32 % 2);
    }
    for n in 1..=6 {
        let g = Graph::parse(&format!("grid:4x{n}")).unwrap();
        assert_eq!(search(&g, 1 << 24).value(&g.all()).unwrap(), 0);
    }
}

#[test]
fn named_graphs_and_mistakes() {
    let p = Graph::parse("petersen").unwrap();
    assert_eq!((p.len(), p.edges().len()), (10, 15));
    assert!(members(p.all()).all(|v| p.neighbours(v).count_ones() == 3));
    let s = Graph::parse("star:5").unwrap();
    assert_eq!(search(&s, 1 << 12).value(&s.all()), Ok(1));
    let k = Graph::parse("complete:128").unwrap();
    assert_eq!(NodeKayles::new(k.clone()).known(&k.all()), Some(1));
    assert_eq!(search(&k, 1 << 12).value(&k.all()), Ok(1));
    let g = Graph::parse("a b;b c\nd").unwrap();
    assert_eq!((g.len(), g.components(g.all()).len()), (4, 2));
    assert_eq!(g.spec(), "a-b,b-c,d");
    assert_eq!(Graph::parse(g.spec()).unwrap(), g);
    assert_eq!(Graph::parse(" grid:3X4 ").unwrap().spec(), "grid:3x4");
    for bad in [
        "path:0",
        "path:129",
        "grid:3",
        "grid:27x1",
        "grid:12x12",
        "cycle:2",
        "a b c",
        "a a",
        "a-a",
        "a-b-c",
        "",
        "a$ b",
    ] {
        assert!(Graph::parse(bad).is_err(), "{bad}");
    }
    // A grid of even sides is a P-position by copying, in any memory.
    let even = Graph::parse("grid:8x16").unwrap();
    assert_eq!(search(&even, 1 << 12).value(&even.all()), Ok(0));
    let big = Graph::parse("grid:7x16").unwrap();
    assert!(search(&big, 1 << 12).value(&big.all()).is_err());
}

#[test]
fn symmetry_facts_on_small_boards() {
    let g = Graph::parse("grid:3x4").unwrap();
    let grid = Grid::new(3, 4);
    // The whole 3 x 4 grid: a half turn swaps b2 and b3, neighbours.
    assert!(!grid.copy_wins(g.all()));
    // Without b2 and b3 the half turn fixes nothing and copies.
    let holed = g.all() & !(1 << 5 | 1 << 6);
    assert!(grid.copy_wins(grid.canonical(holed)));
    // The 3 x 3 grid: take the centre, then copy.
    let nine = Graph::parse("grid:3x3").unwrap();
    assert!(Grid::new(3, 3).centre_then_copy(nine.all()));
    // A row of five: the mirror's axis is one vertex.
    let row = Graph::parse("grid:1x5").unwrap();
    assert!(Grid::new(1, 5).centre_then_copy(row.all()));
}

fn graphs() -> impl Strategy<Value = Graph> {
    (1usize..11).prop_flat_map(|n| {
        proptest::collection::vec((0..n, 0..n), 0..2 * n).prop_map(move |edges| {
            let mut text: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
            text.extend(
                edges
                    .iter()
                    .filter(|(u, v)| u != v)
                    .map(|(u, v)| format!("v{u} v{v}")),
            );
            Graph::parse(&text.join(";")).unwrap()
        })
    })
}

/// A grid of at most 20 vertices.
fn grids() -> impl Strategy<Value = Graph> {
    (1usize..5, 1usize..6).prop_map(|(r, c)| Graph::parse(&format!("grid:{r}x{c}")).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Components, cancelling, pruning and the known parts change nothing:
    /// every position of a random graph, and every position one move on,
    /// has the value of the plain recursion, and is a P-position exactly
    /// when that value is 0.
    #[test]
    fn values_are_the_mex_recursion(g in graphs(), mask in any::<u128>()) {
        let set = g.all() & mask;
        let mut s = search(&g, 1 << 20);
        let mut memo = HashMap::new();
        prop_assert_eq!(s.value(&set).unwrap(), plain(&g, set, &mut memo));
        for v in members(set) {
            let after = g.take(set, v);
            let want = plain(&g, after, &mut memo);
            prop_assert_eq!(s.is_zero(&after).unwrap(), want == 0);
            prop_assert_eq!(s.value(&after).unwrap(), want);
        }
    }

    /// On grids, every connected part's canonical form has its value, what
    /// is known of it is right, and the symmetry facts are true.
    #[test]
    fn grid_facts_are_the_mex_recursion(g in grids(), mask in any::<u128>()) {
        let (rows, cols) = g.grid().unwrap();
        let grid = Grid::new(rows, cols);
        let game = NodeKayles::new(g.clone());
        let mut memo = HashMap::new();
        for part in g.components(g.all() & mask) {
            let seed = part & part.wrapping_neg();
            prop_assert_eq!(grid.part(seed, g.all() & mask), part);
            let want = plain(&g, part, &mut memo);
            let key = grid.canonical(part);
            prop_assert_eq!(grid.canonical(key), key);
            // Its images under the grid's mirrors (and, on a square grid,
            // the diagonal mirror) have the same form.
            let image = |f: &dyn Fn(usize, usize) -> (usize, usize)| {
                members(part).fold(0 as Set, |m, v| {
                    let (r, c) = f(v / cols, v % cols);
                    m | 1 << (r * cols + c)
                })
            };
            prop_assert_eq!(grid.canonical(image(&|r, c| (r, cols - 1 - c))), key);
            prop_assert_eq!(grid.canonical(image(&|r, c| (rows - 1 - r, c))), key);
            if rows == cols {
                prop_assert_eq!(grid.canonical(image(&|r, c| (c, r))), key);
            }
            prop_assert_eq!(key.count_ones(), part.count_ones());
            prop_assert_eq!(plain(&g, key, &mut memo), want);
            if let Some(v) = game.known(&key) {
                prop_assert_eq!(v, want);
            }
            if grid.copy_wins(key) {
                prop_assert_eq!(want, 0);
            }
            if grid.centre_then_copy(key) {
                prop_assert_ne!(want, 0);
            }
        }
        let mut s = search(&g, 1 << 20);
        let set = g.all() & mask;
        prop_assert_eq!(s.value(&set).unwrap(), plain(&g, set, &mut memo));
    }
}
