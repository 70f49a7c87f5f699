//! The modules' layers, as the README's table of modules lists them: each module imports
//! only modules listed before it (its own submodules aside), and no module, submodule
//! included, imports one that imports it back. Read from the sources: every `crate::`
//! path, every `super::` path, and a parent's paths into its own submodules.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Every file under src/, in no particular order.
fn source_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![Path::new("src").to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

/// Every module of the library (`output::text`), with its source, tests and comments left out.
fn modules() -> BTreeMap<String, String> {
    let mut modules = BTreeMap::new();
    for path in source_files() {
        let relative = path.strip_prefix("src").unwrap().with_extension("");
        let name = relative.to_string_lossy().replace('/', "::");
        let name = name.strip_suffix("::mod").unwrap_or(&name).to_string();
        if name == "lib" || name == "main" || path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let text = text.split("#[cfg(test)]\nmod tests").next().unwrap();
        let code: Vec<&str> = text
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect();
        modules.insert(name, code.join("\n"));
    }
    modules
}

/// The paths `code` names after `prefix` (`crate::`, `super::`), each as its module names
/// (`output::text::Text` gives `output`, `output::text`, `output::text::Text`).
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let path: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let names: Vec<&str> = path.split("::").filter(|n| !n.is_empty()).collect();
        paths.push((1..=names.len()).map(|k| names[..k].join("::")).collect());
    }
    paths
}

/// The longest of `candidates` that is a module.
fn longest_module(modules: &BTreeMap<String, String>, candidates: Vec<String>) -> Option<String> {
    candidates
        .into_iter()
        .rev()
        .find(|c| modules.contains_key(c))
}

/// Every import between modules: (importer, imported), module names in full.
fn imports(modules: &BTreeMap<String, String>) -> BTreeSet<(String, String)> {
    let mut edges = BTreeSet::new();
    for (name, code) in modules {
        for path in paths_after(code, "crate::") {
            // Naming its own parent (or itself) is no import.
            if let Some(to) = longest_module(modules, path) {
                if to != *name && !name.starts_with(&format!("{to}::")) {
                    edges.insert((name.clone(), to));
                }
            }
        }
        if let Some((parent, _)) = name.rsplit_once("::") {
            for path in paths_after(code, "super::") {
                let mut candidates = vec![parent.to_string()];
                candidates.extend(path.iter().map(|p| format!("{parent}::{p}")));
                if let Some(to) = longest_module(modules, candidates) {
                    if to != *name {
                        edges.insert((name.clone(), to));
                    }
                }
            }
        }
        // A parent naming its own submodule (`text::summary`, `use json::Json`).
        for child in modules
            .keys()
            .filter(|m| m.starts_with(&format!("{name}::")))
        {
            let own = &child[name.len() + 2..];
            if own.contains("::") {
                continue;
            }
            let named = code.match_indices(&format!("{own}::")).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            });
            if named {
                edges.insert((name.clone(), child.clone()));
            }
        }
    }
    edges
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap()
}

/// The modules in the order of the README's table of modules.
fn readme_order() -> Vec<String> {
    let readme = fs::read_to_string("README.md").unwrap();
    let table = readme
        .split("| module | owns |")
        .nth(1)
        .expect("the README's table of modules");
    let mut order = Vec::new();
    for row in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
        let first = row.split('|').nth(1).unwrap();
        order.extend(first.split('`').skip(1).step_by(2).map(str::to_string));
    }
    order
}

#[test]
fn every_module_imports_only_those_listed_before_it() {
    let modules = modules();
    let order = readme_order();
    let place = |m: &str| order.iter().position(|o| o == m);
    let mut unlisted = BTreeSet::new();
    let mut up = Vec::new();
    for (from, to) in imports(&modules) {
        let (a, b) = (top(&from), top(&to));
        if a == b {
            continue;
        }
        match (place(a), place(b)) {
            (Some(i), Some(j)) if j > i => up.push(format!("{from} -> {to}")),
            (Some(_), Some(_)) => {}
            _ => {
                unlisted.insert(if place(a).is_none() { a } else { b }.to_string());
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "modules missing from the README's table: {unlisted:?}"
    );
    assert!(up.is_empty(), "imports of a module listed later: {up:?}");
    // The test can fail: the engine imports the notation, and the table lists it first.
    assert!(place("notation") < place("score"));
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let modules = modules();
    let edges = imports(&modules);
    assert!(
        edges.contains(&("output::text".to_string(), "output".to_string())),
        "a format imports its parent's pieces: the reading of imports finds that"
    );
    // Depth-first search for a way back from each import's end to its start.
    let mut circles = Vec::new();
    for (from, to) in &edges {
        let mut seen = BTreeSet::new();
        let mut stack = vec![to.clone()];
        while let Some(at) = stack.pop() {
            if at == *from {
                circles.push(format!("{from} -> {to} -> … -> {from}"));
                break;
            }
            if seen.insert(at.clone()) {
                stack.extend(
                    edges
                        .iter()
                        .filter(|(a, _)| *a == at)
                        .map(|(_, b)| b.clone()),
                );
            }
        }
    }
    assert!(circles.is_empty(), "imports that come back: {circles:?}");
}

#[test]
fn no_doc_example_names_a_module_only_the_tests_can_reach() {
    // The engine's modules are public only with the `testing` feature, which the crate's
    // own doctests turn on: an example that imports one (`use mjscore::tile::Tile`) passes
    // here and fails for every program that depends on the crate. Examples use the names
    // the crate re-exports (`mjscore::Tile`) and its public modules (rules, batch, render,
    // rules_file).
    let lib = fs::read_to_string("src/lib.rs").unwrap();
    let listed = lib.split("engine_modules!(\n").nth(1).unwrap();
    let engine: Vec<&str> = listed
        .split(");")
        .next()
        .unwrap()
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|name| !name.is_empty())
        .collect();
    assert!(
        engine.contains(&"tile") && engine.contains(&"patterns"),
        "{engine:?}"
    );
    let mut found = Vec::new();
    for path in source_files() {
        let text = fs::read_to_string(&path).unwrap();
        for (number, line) in text.lines().enumerate() {
            let doc = line.trim_start();
            if !(doc.starts_with("///") || doc.starts_with("//!")) {
                continue;
            }
            for module in &engine {
                if doc.contains(&format!("mjscore::{module}::")) {
                    found.push(format!("{}:{}: {doc}", path.display(), number + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "doc examples that only the tests can build: {found:#?}"
    );
}
