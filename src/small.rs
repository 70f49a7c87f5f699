//! [`SmallVec`]: a list that keeps up to `N` items in place and moves to the heap only
//! beyond them. The lists of a scored reading (its patterns) and of a hand (its tiles and
//! melds) are of this type: read them as slices (it derefs to `[T]`, so `iter`, `len`,
//! indexing and slice patterns all work), or with [`SmallVec::as_slice`].
//!
//! Why: a hand is small and bounded (14 tiles, 4 melds, a handful of patterns), so the
//! lists a line builds on its way from notation to a scored reading fit in fixed arrays,
//! and a batch line costs no heap allocation for them. Hostile input may still hold any
//! number of tokens: a list that outgrows its array moves to a `Vec` and behaves the same,
//! only slower. The storage is the `smallvec` crate's, which leaves unused slots
//! uninitialised (this crate forbids unsafe code of its own), behind the checked
//! `insert`/`remove` of `Vec`.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// A list whose first `N` items are kept in place; read it as a slice (`Deref<Target =
/// [T]>`).
#[derive(Clone)]
#[cfg_attr(feature = "testing", visibility::make(pub))]
pub(crate) struct SmallVec<T: Clone, const N: usize> {
    items: smallvec::SmallVec<[T; N]>,
}

impl<T: Clone, const N: usize> SmallVec<T, N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        SmallVec {
            items: smallvec::SmallVec::new(),
        }
    }

    /// Adds an item at the end.
    #[inline]
    pub fn push(&mut self, item: T) {
        self.items.push(item)
    }

    /// Removes and returns the last item, if there is one.
    pub fn pop(&mut self) -> Option<T> {
        self.items.pop()
    }

    /// Inserts an item at `index`, shifting the later ones up.
    ///
    /// # Panics
    /// If `index` is past the end, as `Vec::insert` does.
    pub fn insert(&mut self, index: usize, item: T) {
        assert!(index <= self.len(), "insertion index {index} past the end");
        self.items.insert(index, item)
    }

    /// Removes and returns the item at `index`, shifting the later ones down.
    ///
    /// # Panics
    /// If `index` is out of bounds, as `Vec::remove` does.
    pub fn remove(&mut self, index: usize) -> T {
        let len = self.len();
        assert!(index < len, "index {index} out of bounds of {len}");
        self.items.remove(index)
    }

    /// Keeps only the items for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.items.retain(|item| keep(item))
    }

    /// Removes consecutive equal items, keeping the first of each run (as `Vec::dedup`).
    pub fn dedup(&mut self)
    where
        T: PartialEq,
    {
        self.items.dedup()
    }

    /// The first `len` items of `items`, kept in place.
    ///
    /// # Panics
    /// If `len` is more than `N`.
    #[inline]
    pub fn from_array_prefix(items: [T; N], len: usize) -> Self {
        SmallVec {
            items: smallvec::SmallVec::from_buf_and_len(items, len),
        }
    }

    /// A copy of the list made in one copy of its items, where [`Clone`] clones them one by
    /// one (a scored reading's patterns are copied so for every wait the `waits` analysis
    /// values).
    #[inline]
    pub fn copied(&self) -> Self
    where
        T: Copy,
    {
        SmallVec {
            items: smallvec::SmallVec::from_slice(self.as_slice()),
        }
    }

    /// The items as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        self.items.as_slice()
    }

    /// The items as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.items.as_mut_slice()
    }
}

impl<T: Clone, const N: usize> Default for SmallVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Clone, const N: usize> Deref for SmallVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Clone, const N: usize> DerefMut for SmallVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Clone + fmt::Debug, const N: usize> fmt::Debug for SmallVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Clone + PartialEq, const N: usize> PartialEq for SmallVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Clone + Eq, const N: usize> Eq for SmallVec<T, N> {}

impl<T: Clone + PartialOrd, const N: usize> PartialOrd for SmallVec<T, N> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.as_slice().partial_cmp(other.as_slice())
    }
}

/// Ordered as their slices are: item by item, a shorter list first when it is a prefix.
impl<T: Clone + Ord, const N: usize> Ord for SmallVec<T, N> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl<T: Clone + PartialEq, const N: usize> PartialEq<Vec<T>> for SmallVec<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Clone + PartialEq, const N: usize, const M: usize> PartialEq<[T; M]> for SmallVec<T, N> {
    fn eq(&self, other: &[T; M]) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Clone, const N: usize> Extend<T> for SmallVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

impl<'a, T: Clone + 'a, const N: usize> Extend<&'a T> for SmallVec<T, N> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, items: I) {
        for item in items {
            self.push(item.clone());
        }
    }
}

impl<T: Clone, const N: usize> FromIterator<T> for SmallVec<T, N> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = SmallVec::new();
        list.extend(items);
        list
    }
}

impl<'a, T: Clone, const N: usize> IntoIterator for &'a SmallVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Clone, const N: usize> IntoIterator for SmallVec<T, N> {
    type Item = T;
    type IntoIter = smallvec::IntoIter<[T; N]>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::SmallVec;

    #[test]
    fn keeps_order_in_place_and_past_its_array() {
        let mut list: SmallVec<u8, 3> = SmallVec::new();
        assert!(list.is_empty());
        for i in 1..=5 {
            list.push(i);
        }
        // Two past the array: moved to the heap, nothing lost.
        assert_eq!(list, vec![1, 2, 3, 4, 5]);
        assert_eq!(list.remove(1), 2);
        list.retain(|&i| i != 4);
        assert_eq!(list, [1, 3, 5]);
        assert!(list > [1, 3].into_iter().collect(), "ordered as slices");
        assert_eq!(list.into_iter().collect::<Vec<_>>(), vec![1, 3, 5]);
    }

    #[test]
    fn remove_and_retain_in_place() {
        let mut list: SmallVec<u8, 4> = [4, 3, 2, 1].into_iter().collect();
        list.sort_unstable();
        assert_eq!(list, [1, 2, 3, 4]);
        let mut runs: SmallVec<u8, 4> = [1, 1, 2, 2, 2, 1].into_iter().collect();
        runs.dedup();
        assert_eq!(
            runs,
            [1, 2, 1],
            "only consecutive equal items go, past the array too"
        );
        assert_eq!(list.remove(0), 1);
        assert_eq!(list.remove(2), 4);
        assert_eq!(list, [2, 3]);
        list.retain(|&i| i == 3);
        assert_eq!(list, [3]);
        assert_eq!((list.pop(), list.pop()), (Some(3), None));
        list.push(3);
        list.insert(0, 9);
        list.insert(2, 8);
        assert_eq!(list, [9, 3, 8]);
        list.remove(0);
        list.remove(1);
        list.push(7);
        assert_eq!(format!("{list:?}"), "[3, 7]");
        // Equality reads the items only, whatever is left past them by remove.
        let fresh: SmallVec<u8, 4> = [3, 7].into_iter().collect();
        assert_eq!(list, fresh);
    }

    #[test]
    fn an_array_prefix_is_the_list() {
        let list: SmallVec<u8, 4> = SmallVec::from_array_prefix([7, 8, 9, 0], 3);
        assert_eq!(list, [7, 8, 9], "the fourth slot is no item");
        let mut list = list;
        list.push(1);
        list.push(2);
        assert_eq!(
            list,
            [7, 8, 9, 1, 2],
            "and grows past the array as any list"
        );
    }

    #[test]
    #[should_panic(expected = "out of bounds")]
    fn remove_past_the_end_panics_as_a_vec_does() {
        let mut list: SmallVec<u8, 2> = [1].into_iter().collect();
        list.remove(1);
    }
}
